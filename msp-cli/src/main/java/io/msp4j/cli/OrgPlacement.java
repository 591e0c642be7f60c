package io.msp4j.cli;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.config.configtx.OrgGroup;
import io.msp4j.config.configtx.OrgGroups;
import io.msp4j.config.configtx.Organization;
import io.msp4j.config.configtx.TopLevel;
import io.msp4j.core.FabricRelease;
import java.util.Set;
import org.hyperledger.fabric.protos.common.Capabilities;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;

/**
 * Puts an organisation of configtx.yaml into a channel config for {@code compute-update
 * --configtx}: an org the channel already has is replaced where it is (under Application, under
 * Orderer, or both: an org may be both), encoded as configtxgen encodes that kind of org; a new
 * org goes where {@code configtxgen -printOrg} would put it: under Orderer when it has orderer
 * endpoints, else under Application. The org is encoded as {@code release}'s configtxgen encodes
 * it.
 */
final class OrgPlacement {
  private static final String APPLICATION = "Application";
  private static final String ORDERER = "Orderer";

  private OrgPlacement() {}

  static Config place(Config current, TopLevel top, Organization org, FabricRelease release) {
    ConfigGroup root = current.getChannelGroup();
    boolean inApp = has(root, APPLICATION, org.name());
    boolean inOrderer = has(root, ORDERER, org.name());
    ConfigGroup.Builder b = root.toBuilder();
    if (!inApp && !inOrderer) {
      OrgGroup g = OrgGroups.printOrg(top, org.name(), release);
      String section = g.kind() == OrgGroup.Kind.ORDERER ? ORDERER : APPLICATION;
      put(b, section, org.name(), g.group());
    }
    if (inApp) {
      put(b, APPLICATION, org.name(), OrgGroups.application(org, release).group());
    }
    if (inOrderer) {
      put(b, ORDERER, org.name(), OrgGroups.orderer(org, channelCapabilities(root), release).group());
    }
    return current.toBuilder().setChannelGroup(b).build();
  }

  private static boolean has(ConfigGroup root, String section, String name) {
    ConfigGroup s = root.getGroupsMap().get(section);
    return s != null && s.getGroupsMap().containsKey(name);
  }

  private static void put(ConfigGroup.Builder root, String section, String name, ConfigGroup g) {
    ConfigGroup s = root.getGroupsMap().get(section);
    if (s == null) {
      throw new IllegalArgumentException("the channel has no " + section + " section for org "
          + name);
    }
    root.putGroups(section, s.toBuilder().putGroups(name, g).build());
  }

  private static Set<String> channelCapabilities(ConfigGroup root) {
    ConfigValue v = root.getValuesMap().get("Capabilities");
    if (v == null) {
      return Set.of();
    }
    try {
      return Capabilities.parseFrom(v.getValue()).getCapabilitiesMap().keySet();
    } catch (InvalidProtocolBufferException e) {
      return Set.of();
    }
  }
}
