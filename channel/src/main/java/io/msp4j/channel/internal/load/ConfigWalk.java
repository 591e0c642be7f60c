package io.msp4j.channel.internal.load;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import io.msp4j.channel.ChannelCapabilities;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.OrgKind;
import io.msp4j.core.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.BlockDataHashingStructure;
import org.hyperledger.fabric.protos.common.Capabilities;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Consortium;
import org.hyperledger.fabric.protos.common.HashingAlgorithm;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Orderers;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.orderer.BatchSize;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;
import org.hyperledger.fabric.protos.orderer.ChannelRestrictions;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.orderer.KafkaBrokers;
import org.hyperledger.fabric.protos.peer.ACLs;
import org.hyperledger.fabric.protos.peer.AnchorPeers;

/**
 * The first pass over a channel configuration: everything Fabric's channel config checks before
 * and around the org MSPs, in Fabric's order (channel values, then each top-level group with its
 * own values and its org groups), collecting the org MSPs to set up. It stops at the first fault;
 * the MSPs proposed before the fault are set up afterwards (possibly in parallel) and a setup
 * failure among them is reported before the fault, as Fabric, which sets them up as it walks,
 * would report it.
 *
 * <p>Fabric walks groups and values in Go's map order, which is random; this walk takes keys in
 * sorted order, so that the fault reported for a configuration with several is always the same.
 */
final class ConfigWalk {
  static final String LOAD_RULE = "CONFIGTX-UPDATE-14";
  static final String ORG_RULE = "CHANNEL-MSP-02";
  private static final String ROOT = "/Channel";
  private static final String APPLICATION = "Application";
  private static final String ORDERER = "Orderer";
  private static final String CONSORTIUMS = "Consortiums";
  private static final String CAPABILITIES = "Capabilities";
  private static final String MSP = "MSP";
  private static final String ENDPOINTS = "Endpoints";
  private static final int WIDTH_MAX_UINT32 = -1;

  private static final Map<String, Parser<? extends Message>> CHANNEL_VALUES = Map.of(
      "HashingAlgorithm", HashingAlgorithm.parser(),
      "BlockDataHashingStructure", BlockDataHashingStructure.parser(),
      "OrdererAddresses", OrdererAddresses.parser(),
      "Orderers", Orderers.parser(),
      "Consortium", Consortium.parser(),
      CAPABILITIES, Capabilities.parser());
  private static final Map<String, Parser<? extends Message>> APPLICATION_VALUES = Map.of(
      "ACLs", ACLs.parser(),
      CAPABILITIES, Capabilities.parser());
  private static final Map<String, Parser<? extends Message>> ORDERER_VALUES = Map.of(
      "ConsensusType", ConsensusType.parser(),
      "BatchSize", BatchSize.parser(),
      "BatchTimeout", BatchTimeout.parser(),
      "KafkaBrokers", KafkaBrokers.parser(),
      "ChannelRestrictions", ChannelRestrictions.parser(),
      "Orderers", Orderers.parser(),
      CAPABILITIES, Capabilities.parser());
  private static final Map<String, Parser<? extends Message>> CONSORTIUM_VALUES = Map.of(
      "ChannelCreationPolicy", Policy.parser());
  private static final Map<String, Parser<? extends Message>> APPLICATION_ORG_VALUES = Map.of(
      "AnchorPeers", AnchorPeers.parser(),
      MSP, MSPConfig.parser());
  private static final Map<String, Parser<? extends Message>> ORDERER_ORG_VALUES = Map.of(
      ENDPOINTS, OrdererAddresses.parser(),
      MSP, MSPConfig.parser());
  private static final Map<String, Parser<? extends Message>> CONSORTIUM_ORG_VALUES = Map.of(
      MSP, MSPConfig.parser());

  /**
   * What the walk found.
   *
   * @param capabilities the capabilities read (complete when {@code stop} is null)
   * @param proposals the org MSPs to set up, in order
   * @param stop the structural fault that ended the walk after those proposals, or null
   */
  record Result(ChannelCapabilities capabilities, List<Proposal> proposals, ChannelConfigException stop) {}

  private final List<Proposal> proposals = new ArrayList<>();
  private Set<String> channelCaps = Set.of();
  private Set<String> ordererCaps = Set.of();
  private Set<String> applicationCaps = Set.of();

  private final FabricRelease release;

  private ConfigWalk(FabricRelease release) {
    this.release = release;
  }

  /** Walks {@code config} as a node of Fabric release {@code release} reads it. */
  static Result walk(Config config, FabricRelease release) {
    ConfigWalk w = new ConfigWalk(release);
    ChannelConfigException stop = null;
    try {
      w.channel(config);
    } catch (ChannelConfigException e) {
      stop = e;
    }
    return new Result(w.capabilities(), List.copyOf(w.proposals), stop);
  }

  private ChannelCapabilities capabilities() {
    return new ChannelCapabilities(channelCaps, ordererCaps, applicationCaps);
  }

  private void channel(Config config) {
    if (!config.hasChannelGroup()) {
      throw fault(ROOT, "the config has no channel group");
    }
    ConfigGroup root = config.getChannelGroup();
    capabilitiesNeedOrdererSupport(root);
    GroupValues values = GroupValues.decode(root, ROOT, "the channel group", CHANNEL_VALUES,
        Reason.CHANNEL_CONFIG_INVALID, LOAD_RULE);
    channelCaps = names(values.get(CAPABILITIES));
    releaseKnowsChannelCapabilities();
    ChannelCapabilities caps = capabilities();
    channelValues(values, caps);
    for (Map.Entry<String, ConfigGroup> e : new TreeMap<>(root.getGroupsMap()).entrySet()) {
      String path = ROOT + "/" + e.getKey();
      switch (e.getKey()) {
        case APPLICATION -> application(e.getValue(), path);
        case ORDERER -> orderer(e.getValue(), path, caps);
        case CONSORTIUMS -> consortiums(e.getValue(), path);
        default -> throw fault(path, "a channel group may only have the groups Application, "
            + "Orderer and Consortiums, not '" + e.getKey() + "'");
      }
    }
  }

  /**
   * A Fabric v2.5 node refuses a channel that requires capability {@code V3_0}: it does not know
   * it (DELTA25-01). Fabric v3.0 loads it.
   */
  private void releaseKnowsChannelCapabilities() {
    if (!release.supports(MspVersion.V3_0) && channelCaps.contains("V3_0")) {
      throw new ChannelConfigException(Reason.RELEASE_UNSUPPORTED, "DELTA25-01",
          ROOT + "/" + CAPABILITIES, "a Fabric v" + release + " node refuses the channel's "
              + "capabilities: Channel capability V3_0 is required but not supported");
    }
  }

  /** Channel or application capabilities need orderer capabilities (Fabric's pre-check). */
  private static void capabilitiesNeedOrdererSupport(ConfigGroup root) {
    ConfigGroup orderer = root.getGroupsMap().get(ORDERER);
    if (orderer == null || orderer.containsValues(CAPABILITIES)) {
      return;
    }
    if (root.containsValues(CAPABILITIES)) {
      throw fault(ROOT + "/" + CAPABILITIES, "channel capabilities cannot be enabled without "
          + "orderer capabilities (/Channel/Orderer/Capabilities) first");
    }
    ConfigGroup app = root.getGroupsMap().get(APPLICATION);
    if (app != null && app.containsValues(CAPABILITIES)) {
      throw fault(ROOT + "/" + APPLICATION + "/" + CAPABILITIES, "application capabilities "
          + "cannot be enabled without orderer capabilities (/Channel/Orderer/Capabilities) first");
    }
  }

  private static void channelValues(GroupValues values, ChannelCapabilities caps) {
    HashingAlgorithm hashing = values.get("HashingAlgorithm");
    String name = hashing == null ? "" : hashing.getName();
    if (!name.equals("SHA256") && !name.equals("SHA3_256")) {
      throw fault(ROOT + "/HashingAlgorithm", (hashing == null ? "missing" : "unknown hashing "
          + "algorithm '" + name + "'") + ": Fabric knows SHA256 and SHA3_256");
    }
    BlockDataHashingStructure width = values.get("BlockDataHashingStructure");
    if (width == null || width.getWidth() != WIDTH_MAX_UINT32) {
      throw fault(ROOT + "/BlockDataHashingStructure", "the width must be 4294967295, not "
          + (width == null ? "missing (0)" : Integer.toUnsignedString(width.getWidth())));
    }
    OrdererAddresses addresses = values.get("OrdererAddresses");
    int count = addresses == null ? 0 : addresses.getAddressesCount();
    if (!caps.orgSpecificOrdererEndpoints() && count == 0) {
      throw fault(ROOT + "/OrdererAddresses", "below channel capability V1_4_2 the channel must "
          + "list orderer addresses, and it lists none");
    }
    if (caps.v3() && count > 0) {
      throw fault(ROOT + "/OrdererAddresses", "global orderer addresses are not allowed with "
          + "channel capability V3_0 (" + count + " given): orderer orgs list their own Endpoints");
    }
  }

  private void application(ConfigGroup group, String path) {
    GroupValues values = GroupValues.decode(group, path, "the application group",
        APPLICATION_VALUES, Reason.CHANNEL_CONFIG_INVALID, LOAD_RULE);
    applicationCaps = names(values.get(CAPABILITIES));
    if (!capabilities().applicationAcls() && group.containsValues("ACLs")) {
      throw fault(path + "/ACLs", "ACLs need application capability V1_2 or later");
    }
    for (Map.Entry<String, ConfigGroup> e : new TreeMap<>(group.getGroupsMap()).entrySet()) {
      org(e.getValue(), path + "/" + e.getKey(), e.getKey(), OrgKind.APPLICATION,
          "application org group", APPLICATION_ORG_VALUES);
    }
  }

  private void orderer(ConfigGroup group, String path, ChannelCapabilities caps) {
    GroupValues values = GroupValues.decode(group, path, "the orderer group", ORDERER_VALUES,
        Reason.CHANNEL_CONFIG_INVALID, LOAD_RULE);
    ordererCaps = names(values.get(CAPABILITIES));
    batchSize(values.get("BatchSize"), path + "/BatchSize");
    batchTimeout(values.get("BatchTimeout"), path + "/BatchTimeout");
    List<String> withoutEndpoints = new ArrayList<>();
    for (Map.Entry<String, ConfigGroup> e : new TreeMap<>(group.getGroupsMap()).entrySet()) {
      String orgPath = path + "/" + e.getKey();
      ConfigGroup orgGroup = e.getValue();
      if (orgGroup.getGroupsCount() == 0 && !caps.orgSpecificOrdererEndpoints()
          && orgGroup.containsValues(ENDPOINTS)) {
        throw new ChannelConfigException(Reason.ORG_GROUP_INVALID, ORG_RULE,
            orgPath + "/" + ENDPOINTS, "orderer orgs may carry Endpoints only with channel "
                + "capability V1_4_2 or later");
      }
      GroupValues orgValues = org(orgGroup, orgPath, e.getKey(), OrgKind.ORDERER,
          "orderer org group", ORDERER_ORG_VALUES);
      OrdererAddresses endpoints = orgValues.get(ENDPOINTS);
      if (endpoints == null || endpoints.getAddressesCount() == 0) {
        withoutEndpoints.add(e.getKey());
      }
    }
    if (caps.v3() && !withoutEndpoints.isEmpty()) {
      throw new ChannelConfigException(Reason.ORG_GROUP_INVALID, ORG_RULE, path,
          "with channel capability V3_0 every orderer org must list Endpoints; these list none: "
              + withoutEndpoints);
    }
  }

  private void consortiums(ConfigGroup group, String path) {
    for (Map.Entry<String, ConfigGroup> c : new TreeMap<>(group.getGroupsMap()).entrySet()) {
      String consortiumPath = path + "/" + c.getKey();
      GroupValues.decode(c.getValue(), consortiumPath, "a consortium group", CONSORTIUM_VALUES,
          Reason.CHANNEL_CONFIG_INVALID, LOAD_RULE);
      for (Map.Entry<String, ConfigGroup> e : new TreeMap<>(c.getValue().getGroupsMap()).entrySet()) {
        org(e.getValue(), consortiumPath + "/" + e.getKey(), e.getKey(), OrgKind.CONSORTIUM,
            "consortium org group", CONSORTIUM_ORG_VALUES);
      }
    }
  }

  /** The org group rules (CHANNEL-MSP-02, -03); proposes the org's MSP. */
  private GroupValues org(ConfigGroup group, String path, String name, OrgKind kind, String what,
      Map<String, Parser<? extends Message>> allowed) {
    if (group.getGroupsCount() > 0) {
      throw new ChannelConfigException(Reason.ORG_GROUP_INVALID, ORG_RULE, path,
          "an org group may not have sub-groups, this one has "
              + new TreeMap<>(group.getGroupsMap()).keySet());
    }
    GroupValues values = GroupValues.decode(group, path, "an " + what, allowed,
        Reason.ORG_GROUP_INVALID, ORG_RULE);
    MSPConfig msp = values.get(MSP);
    ConfigValue raw = group.getValuesMap().get(MSP);
    proposals.add(new Proposal(path, kind, name, msp == null ? MSPConfig.getDefaultInstance() : msp,
        raw == null ? ByteString.EMPTY : raw.getValue()));
    return values;
  }

  private static void batchSize(BatchSize b, String path) {
    BatchSize size = b == null ? BatchSize.getDefaultInstance() : b;
    if (size.getMaxMessageCount() == 0) {
      throw fault(path, "the max message count must not be 0");
    }
    if (size.getAbsoluteMaxBytes() == 0) {
      throw fault(path, "the absolute max bytes must not be 0");
    }
    if (size.getPreferredMaxBytes() == 0) {
      throw fault(path, "the preferred max bytes must not be 0");
    }
    if (Integer.compareUnsigned(size.getPreferredMaxBytes(), size.getAbsoluteMaxBytes()) > 0) {
      throw fault(path, "the preferred max bytes (" + Integer.toUnsignedString(size.getPreferredMaxBytes())
          + ") exceed the absolute max bytes (" + Integer.toUnsignedString(size.getAbsoluteMaxBytes()) + ")");
    }
  }

  private static void batchTimeout(BatchTimeout t, String path) {
    String text = t == null ? "" : t.getTimeout();
    long nanos;
    try {
      nanos = GoDuration.parseNanos(text);
    } catch (IllegalArgumentException e) {
      throw fault(path, "the batch timeout is not a duration: " + e.getMessage());
    }
    if (nanos <= 0) {
      throw fault(path, "the batch timeout must be positive, not '" + text + "'");
    }
  }

  private static Set<String> names(Capabilities c) {
    return c == null ? Set.of() : c.getCapabilitiesMap().keySet();
  }

  private static ChannelConfigException fault(String path, String message) {
    return new ChannelConfigException(Reason.CHANNEL_CONFIG_INVALID, LOAD_RULE, path, message);
  }
}
