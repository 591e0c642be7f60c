package io.msp4j.config.internal.configtx;

import static io.msp4j.config.internal.configtx.GoType.BOOL;
import static io.msp4j.config.internal.configtx.GoType.BYTES;
import static io.msp4j.config.internal.configtx.GoType.DURATION;
import static io.msp4j.config.internal.configtx.GoType.INT;
import static io.msp4j.config.internal.configtx.GoType.INT32;
import static io.msp4j.config.internal.configtx.GoType.STRING;
import static io.msp4j.config.internal.configtx.GoType.UINT32;
import static io.msp4j.config.internal.configtx.GoType.UINT64;
import static io.msp4j.config.internal.configtx.GoType.field;

import io.msp4j.config.internal.configtx.GoType.Ptr;
import io.msp4j.config.internal.configtx.GoType.Slice;
import io.msp4j.config.internal.configtx.GoType.StringMap;
import io.msp4j.config.internal.configtx.GoType.Struct;
import io.msp4j.core.FabricRelease;
import java.util.List;

/**
 * The structs configtxgen v3.0 decodes configtx.yaml into (CONFIGTX-YAML-02, CONFIGTX-YAML-03):
 * field names and Go types, in declaration order. The EtcdRaft and SmartBFT sections are Fabric's
 * protobuf structs, whose Go field names are the keys ({@code ClientTlsCert}, matched ignoring
 * case).
 *
 * <p>configtxgen v2.5 differs only in its orderer struct (DELTA25-07): it has {@code Kafka} (with
 * {@code Brokers}) and neither {@code ConsenterMapping} nor {@code SmartBFT}, so each release
 * refuses the other's keys as invalid.
 */
final class Schema {

  private Schema() {}

  static final Struct POLICY =
      new Struct("genesisconfig.Policy", List.of(field("Type", STRING), field("Rule", STRING)));

  static final Struct ANCHOR_PEER =
      new Struct("genesisconfig.AnchorPeer", List.of(field("Host", STRING), field("Port", INT)));

  static final Struct ORGANIZATION =
      new Struct(
          "genesisconfig.Organization",
          List.of(
              field("Name", STRING),
              field("ID", STRING),
              field("MSPDir", STRING),
              field("MSPType", STRING),
              field("Policies", new StringMap(new Ptr(POLICY))),
              field("AnchorPeers", new Slice(new Ptr(ANCHOR_PEER))),
              field("OrdererEndpoints", new Slice(STRING)),
              field("AdminPrincipal", STRING),
              field("SkipAsForeign", BOOL)));

  static final Slice ORGANIZATIONS = new Slice(new Ptr(ORGANIZATION));

  static final Struct CONSORTIUM =
      new Struct("genesisconfig.Consortium", List.of(field("Organizations", ORGANIZATIONS)));

  static final Struct APPLICATION =
      new Struct(
          "genesisconfig.Application",
          List.of(
              field("Organizations", ORGANIZATIONS),
              field("Capabilities", new StringMap(BOOL)),
              field("Policies", new StringMap(new Ptr(POLICY))),
              field("ACLs", new StringMap(STRING))));

  static final Struct BATCH_SIZE =
      new Struct(
          "genesisconfig.BatchSize",
          List.of(
              field("MaxMessageCount", UINT32),
              field("AbsoluteMaxBytes", UINT32),
              field("PreferredMaxBytes", UINT32)));

  static final Struct CONSENTER =
      new Struct(
          "genesisconfig.Consenter",
          List.of(
              field("ID", UINT32),
              field("Host", STRING),
              field("Port", UINT32),
              field("MSPID", STRING),
              field("Identity", STRING),
              field("ClientTLSCert", STRING),
              field("ServerTLSCert", STRING)));

  static final Struct RAFT_CONSENTER =
      new Struct(
          "etcdraft.Consenter",
          List.of(
              field("Host", STRING),
              field("Port", UINT32),
              field("ClientTlsCert", BYTES),
              field("ServerTlsCert", BYTES)));

  static final Struct RAFT_OPTIONS =
      new Struct(
          "etcdraft.Options",
          List.of(
              field("TickInterval", STRING),
              field("ElectionTick", UINT32),
              field("HeartbeatTick", UINT32),
              field("MaxInflightBlocks", UINT32),
              field("SnapshotIntervalSize", UINT32)));

  static final Struct RAFT_METADATA =
      new Struct(
          "etcdraft.ConfigMetadata",
          List.of(
              field("Consenters", new Slice(new Ptr(RAFT_CONSENTER))),
              field("Options", new Ptr(RAFT_OPTIONS))));

  static final Struct SMART_BFT_OPTIONS =
      new Struct(
          "smartbft.Options",
          List.of(
              field("RequestBatchMaxCount", UINT64),
              field("RequestBatchMaxBytes", UINT64),
              field("RequestBatchMaxInterval", STRING),
              field("IncomingMessageBufferSize", UINT64),
              field("RequestPoolSize", UINT64),
              field("RequestForwardTimeout", STRING),
              field("RequestComplainTimeout", STRING),
              field("RequestAutoRemoveTimeout", STRING),
              field("RequestMaxBytes", UINT64),
              field("ViewChangeResendInterval", STRING),
              field("ViewChangeTimeout", STRING),
              field("LeaderHeartbeatTimeout", STRING),
              field("LeaderHeartbeatCount", UINT64),
              field("CollectTimeout", STRING),
              field("SyncOnStart", BOOL),
              field("SpeedUpViewChange", BOOL),
              field("LeaderRotation", INT32),
              field("DecisionsPerLeader", UINT64)));

  static final Struct ORDERER =
      new Struct(
          "genesisconfig.Orderer",
          List.of(
              field("OrdererType", STRING),
              field("Addresses", new Slice(STRING)),
              field("BatchTimeout", DURATION),
              field("BatchSize", BATCH_SIZE),
              field("ConsenterMapping", new Slice(new Ptr(CONSENTER))),
              field("EtcdRaft", new Ptr(RAFT_METADATA)),
              field("SmartBFT", new Ptr(SMART_BFT_OPTIONS)),
              field("Organizations", ORGANIZATIONS),
              field("MaxChannels", UINT64),
              field("Capabilities", new StringMap(BOOL)),
              field("Policies", new StringMap(new Ptr(POLICY)))));

  static final Struct PROFILE = profile(ORDERER);

  static final Struct TOP_LEVEL = topLevel(ORDERER, PROFILE);

  /** A profile whose orderer section is {@code orderer}: the same in both releases otherwise. */
  private static Struct profile(Struct orderer) {
    return new Struct(
        "genesisconfig.Profile",
        List.of(
            field("Consortium", STRING),
            field("Application", new Ptr(APPLICATION)),
            field("Orderer", new Ptr(orderer)),
            field("Consortiums", new StringMap(new Ptr(CONSORTIUM))),
            field("Capabilities", new StringMap(BOOL)),
            field("Policies", new StringMap(new Ptr(POLICY)))));
  }

  /** The top level with these orderer and profile sections. */
  private static Struct topLevel(Struct orderer, Struct profile) {
    return new Struct(
        "genesisconfig.TopLevel",
        List.of(
            field("Profiles", new StringMap(new Ptr(profile))),
            field("Organizations", ORGANIZATIONS),
            field("Channel", new Ptr(profile)),
            field("Application", new Ptr(APPLICATION)),
            field("Orderer", new Ptr(orderer)),
            field("Capabilities", new StringMap(new StringMap(BOOL)))));
  }

  // ---- configtxgen v2.5 (DELTA25-07) --------------------------------------------------------

  static final Struct KAFKA =
      new Struct("genesisconfig.Kafka", List.of(field("Brokers", new Slice(STRING))));

  static final Struct ORDERER_V2_5 =
      new Struct(
          "genesisconfig.Orderer",
          List.of(
              field("OrdererType", STRING),
              field("Addresses", new Slice(STRING)),
              field("BatchTimeout", DURATION),
              field("BatchSize", BATCH_SIZE),
              field("Kafka", KAFKA),
              field("EtcdRaft", new Ptr(RAFT_METADATA)),
              field("Organizations", ORGANIZATIONS),
              field("MaxChannels", UINT64),
              field("Capabilities", new StringMap(BOOL)),
              field("Policies", new StringMap(new Ptr(POLICY)))));

  static final Struct PROFILE_V2_5 = profile(ORDERER_V2_5);

  static final Struct TOP_LEVEL_V2_5 = topLevel(ORDERER_V2_5, PROFILE_V2_5);

  /** The top-level struct of {@code release}'s configtxgen. */
  static Struct topLevel(FabricRelease release) {
    return release.isV2_5() ? TOP_LEVEL_V2_5 : TOP_LEVEL;
  }
}
