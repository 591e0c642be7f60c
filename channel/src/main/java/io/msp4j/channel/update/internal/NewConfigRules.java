package io.msp4j.channel.update.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.update.ConfigUpdateException;
import io.msp4j.core.Reason;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.Capabilities;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.orderer.ConsensusType;

/**
 * The old-versus-new comparison Fabric makes once a proposed config has loaded (CHANNEL-MSP-09):
 * sections do not disappear, Consortiums do not appear, the consensus type stays unless
 * migration is allowed, orderer orgs have endpoints when {@code V3_0} is switched on, and an org
 * group keeps its MSP ID. Both configs are assumed to have loaded, so their values decode.
 */
public final class NewConfigRules {
  private static final String RULE = "CHANNEL-MSP-09";

  private NewConfigRules() {}

  /**
   * @throws ConfigUpdateException naming the first rule broken, in Fabric's order
   */
  public static void check(Config current, Config next) {
    ConfigGroup oldRoot = current.getChannelGroup();
    ConfigGroup newRoot = next.getChannelGroup();
    ConfigGroup oldOrderer = oldRoot.getGroupsMap().get("Orderer");
    if (oldOrderer != null) {
      ConfigGroup newOrderer = newRoot.getGroupsMap().get("Orderer");
      if (newOrderer == null) {
        throw section("the current config has an Orderer section, but the new config does not");
      }
      if (!consensusMigration(oldRoot)) {
        String o = consensusType(oldOrderer);
        String n = consensusType(newOrderer);
        if (!o.equals(n)) {
          throw section("the consensus type would change from " + o + " to " + n
              + ", which needs a channel capability of V1_4_2 or later");
        }
      }
      if (!hasCapability(oldRoot, "V3_0") && hasCapability(newRoot, "V3_0")) {
        for (Map.Entry<String, ConfigGroup> org : sorted(newOrderer.getGroupsMap()).entrySet()) {
          if (endpoints(org.getValue()) == 0) {
            throw new ConfigUpdateException(Reason.ORDERER_ENDPOINTS_MISSING, RULE,
                "the update switches on V3_0, but orderer org " + org.getKey()
                    + " has no Endpoints");
          }
        }
      }
      mspIds("orderer org ", oldOrderer, newOrderer);
    }
    ConfigGroup oldApp = oldRoot.getGroupsMap().get("Application");
    if (oldApp != null) {
      ConfigGroup newApp = newRoot.getGroupsMap().get("Application");
      if (newApp == null) {
        throw section(
            "the current config has an Application section, but the new config does not");
      }
      mspIds("application org ", oldApp, newApp);
    }
    ConfigGroup oldCons = oldRoot.getGroupsMap().get("Consortiums");
    ConfigGroup newCons = newRoot.getGroupsMap().get("Consortiums");
    if (oldCons != null) {
      if (newCons == null) {
        throw section(
            "the current config has a Consortiums section, but the new config does not");
      }
      for (Map.Entry<String, ConfigGroup> c : sorted(oldCons.getGroupsMap()).entrySet()) {
        ConfigGroup nc = newCons.getGroupsMap().get(c.getKey());
        if (nc != null) {
          mspIds("consortium " + c.getKey() + " org ", c.getValue(), nc);
        }
      }
    } else if (newCons != null) {
      throw section("the current config has no Consortiums section, but the new config does");
    }
  }

  private static ConfigUpdateException section(String message) {
    return new ConfigUpdateException(Reason.CONFIG_SECTION_CHANGED, RULE, message);
  }

  private static void mspIds(String what, ConfigGroup before, ConfigGroup after) {
    for (Map.Entry<String, ConfigGroup> org : sorted(before.getGroupsMap()).entrySet()) {
      ConfigGroup n = after.getGroupsMap().get(org.getKey());
      if (n == null) {
        continue;
      }
      String o = mspId(org.getValue());
      String m = mspId(n);
      if (!o.equals(m)) {
        throw new ConfigUpdateException(Reason.MSP_ID_CHANGED, RULE, what + org.getKey()
            + " would change its MSP ID from " + o + " to " + m
            + " (to rename an MSP, remove the org group and add one under another name)");
      }
    }
  }

  private static <V> Map<String, V> sorted(Map<String, V> m) {
    return new TreeMap<>(m);
  }

  /** The MSP ID an org group's MSP value names; empty when there is none. */
  public static String mspId(ConfigGroup org) {
    ConfigValue v = org.getValuesMap().get("MSP");
    if (v == null) {
      return "";
    }
    try {
      MSPConfig m = MSPConfig.parseFrom(v.getValue());
      ByteString c = m.getConfig();
      return m.getType() == 1 ? IdemixMSPConfig.parseFrom(c).getName()
          : FabricMSPConfig.parseFrom(c).getName();
    } catch (InvalidProtocolBufferException e) {
      return "";
    }
  }

  private static boolean hasCapability(ConfigGroup root, String name) {
    return decode(root, "Capabilities", Capabilities.parser())
        .map(c -> c.getCapabilitiesMap().containsKey(name)).orElse(false);
  }

  private static boolean consensusMigration(ConfigGroup root) {
    for (String v : new String[] {"V1_4_2", "V1_4_3", "V2_0", "V3_0"}) {
      if (hasCapability(root, v)) {
        return true;
      }
    }
    return false;
  }

  private static String consensusType(ConfigGroup orderer) {
    return decode(orderer, "ConsensusType", ConsensusType.parser())
        .map(ConsensusType::getType).orElse("");
  }

  private static int endpoints(ConfigGroup org) {
    return decode(org, "Endpoints", OrdererAddresses.parser())
        .map(OrdererAddresses::getAddressesCount).orElse(0);
  }

  private static <T> Optional<T> decode(
      ConfigGroup g, String key, com.google.protobuf.Parser<T> parser) {
    ConfigValue v = g.getValuesMap().get(key);
    if (v == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(parser.parseFrom(v.getValue()));
    } catch (InvalidProtocolBufferException e) {
      return Optional.empty();
    }
  }
}
