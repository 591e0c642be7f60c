package io.msp4j.channel;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.msp4j.config.MspFolders;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.BlockDataHashingStructure;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.BlockMetadata;
import org.hyperledger.fabric.protos.common.Capabilities;
import org.hyperledger.fabric.protos.common.Capability;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.HashingAlgorithm;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.orderer.BatchSize;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.peer.AnchorPeer;
import org.hyperledger.fabric.protos.peer.AnchorPeers;

/**
 * Builds channel configurations shaped as configtxgen shapes them (values, org groups and the
 * usual policies at every level) from MSP folders the testdata generator writes.
 */
public final class ConfigFixture {
  private ConfigFixture() {}

  /** The verifying MSP config of a generated org's {@code msp} folder. */
  public static MSPConfig msp(GeneratedOrg org, String mspId) {
    return MspFolders.readVerifying(org.mspDir(), mspId).mspConfig();
  }

  /** The signature of {@code message} by a generated identity, made by its local MSP. */
  public static byte[] sign(io.msp4j.testdata.cryptogen.GeneratedIdentity id, String mspId, byte[] message) {
    io.msp4j.config.MspFolderConfig local = MspFolders.readLocal(id.mspDir(), mspId);
    return io.msp4j.x509.X509Msps.setup(local.mspConfig(), io.msp4j.core.MspVersion.V3_0,
            io.msp4j.x509.SetupOptions.defaults().withKeyStore(local.keyStore()))
        .defaultSigningIdentity().sign(message);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A config block (number 0) carrying the config under {@code channelId}. */
  public static byte[] block(String channelId, Config config) {
    return block(channelId, config, HeaderType.CONFIG);
  }

  public static byte[] block(String channelId, Config config, HeaderType type) {
    ChannelHeader ch = ChannelHeader.newBuilder().setType(type.getNumber()).setChannelId(channelId).build();
    Payload payload = Payload.newBuilder()
        .setHeader(Header.newBuilder().setChannelHeader(ch.toByteString()))
        .setData(ConfigEnvelope.newBuilder().setConfig(config).build().toByteString())
        .build();
    Envelope env = Envelope.newBuilder().setPayload(payload.toByteString()).build();
    Block.Builder b = Block.newBuilder()
        .setHeader(BlockHeader.newBuilder().setNumber(0).setDataHash(ByteString.copyFrom(new byte[32])))
        .setData(BlockData.newBuilder().addData(env.toByteString()));
    BlockMetadata.Builder md = BlockMetadata.newBuilder();
    for (int i = 0; i < 5; i++) {
      md.addMetadata(ByteString.EMPTY);
    }
    return b.setMetadata(md).build().toByteArray();
  }

  public static ConfigValue value(Message m) {
    return ConfigValue.newBuilder().setValue(m.toByteString()).setModPolicy("Admins").build();
  }

  public static ConfigPolicy implicitMeta(ImplicitMetaPolicy.Rule rule, String subPolicy) {
    ImplicitMetaPolicy p = ImplicitMetaPolicy.newBuilder().setRule(rule).setSubPolicy(subPolicy).build();
    return ConfigPolicy.newBuilder()
        .setPolicy(Policy.newBuilder().setType(Policy.PolicyType.IMPLICIT_META_VALUE).setValue(p.toByteString()))
        .setModPolicy("Admins")
        .build();
  }

  /** {@code OR('<mspId>.<role>')} as a signature policy. */
  public static ConfigPolicy signedBy(String mspId, MSPRole.MSPRoleType role) {
    return signature(SignaturePolicyEnvelope.newBuilder()
        .setRule(SignaturePolicy.newBuilder().setNOutOf(SignaturePolicy.NOutOf.newBuilder().setN(1)
            .addRules(SignaturePolicy.newBuilder().setSignedBy(0))))
        .addIdentities(role(mspId, role))
        .build());
  }

  public static ConfigPolicy signature(SignaturePolicyEnvelope envelope) {
    return ConfigPolicy.newBuilder()
        .setPolicy(Policy.newBuilder().setType(Policy.PolicyType.SIGNATURE_VALUE).setValue(envelope.toByteString()))
        .setModPolicy("Admins")
        .build();
  }

  public static MSPPrincipal role(String mspId, MSPRole.MSPRoleType role) {
    return MSPPrincipal.newBuilder()
        .setPrincipalClassification(MSPPrincipal.Classification.ROLE)
        .setPrincipal(MSPRole.newBuilder().setMspIdentifier(mspId).setRole(role).build().toByteString())
        .build();
  }

  public static Capabilities capabilities(String... names) {
    Capabilities.Builder c = Capabilities.newBuilder();
    for (String n : names) {
      c.putCapabilities(n, Capability.getDefaultInstance());
    }
    return c.build();
  }

  /** The policies configtxgen writes into an org group. */
  public static Map<String, ConfigPolicy> orgPolicies(String mspId, boolean peers) {
    Map<String, ConfigPolicy> m = new LinkedHashMap<>();
    m.put("Readers", signedBy(mspId, MSPRole.MSPRoleType.MEMBER));
    m.put("Writers", signedBy(mspId, MSPRole.MSPRoleType.MEMBER));
    m.put("Admins", signedBy(mspId, MSPRole.MSPRoleType.ADMIN));
    if (peers) {
      m.put("Endorsement", signedBy(mspId, MSPRole.MSPRoleType.PEER));
    }
    return m;
  }

  /** A channel configuration: V3_0 capabilities by default, an etcdraft-like orderer section. */
  public static final class Builder {
    private final List<String> channelCaps = new ArrayList<>(List.of("V3_0"));
    private final Map<String, ConfigGroup> appOrgs = new LinkedHashMap<>();
    private final Map<String, ConfigGroup> ordererOrgs = new LinkedHashMap<>();
    private final Map<String, Map<String, ConfigGroup>> consortia = new LinkedHashMap<>();
    private final List<String> globalOrdererAddresses = new ArrayList<>();
    private boolean application = true;
    private boolean orderer = true;

    public Builder channelCapabilities(String... names) {
      channelCaps.clear();
      channelCaps.addAll(List.of(names));
      return this;
    }

    public Builder ordererAddresses(String... addresses) {
      globalOrdererAddresses.addAll(List.of(addresses));
      return this;
    }

    public Builder noApplication() {
      application = false;
      return this;
    }

    public Builder noOrderer() {
      orderer = false;
      return this;
    }

    public Builder applicationOrg(String name, MSPConfig msp) {
      String id = mspId(msp);
      ConfigGroup.Builder g = ConfigGroup.newBuilder().setModPolicy("Admins")
          .putValues("MSP", value(msp))
          .putValues("AnchorPeers", value(AnchorPeers.newBuilder()
              .addAnchorPeers(AnchorPeer.newBuilder().setHost("peer0." + name.toLowerCase()).setPort(7051)).build()))
          .putAllPolicies(orgPolicies(id, true));
      appOrgs.put(name, g.build());
      return this;
    }

    public Builder applicationOrgGroup(String name, ConfigGroup group) {
      appOrgs.put(name, group);
      return this;
    }

    public Builder ordererOrg(String name, MSPConfig msp) {
      String id = mspId(msp);
      ConfigGroup.Builder g = ConfigGroup.newBuilder().setModPolicy("Admins")
          .putValues("MSP", value(msp))
          .putValues("Endpoints", value(OrdererAddresses.newBuilder()
              .addAddresses("orderer." + name.toLowerCase() + ":7050").build()))
          .putAllPolicies(orgPolicies(id, false));
      ordererOrgs.put(name, g.build());
      return this;
    }

    public Builder ordererOrgGroup(String name, ConfigGroup group) {
      ordererOrgs.put(name, group);
      return this;
    }

    public Builder consortiumOrg(String consortium, String name, MSPConfig msp) {
      ConfigGroup g = ConfigGroup.newBuilder().setModPolicy("Admins")
          .putValues("MSP", value(msp))
          .putAllPolicies(orgPolicies(mspId(msp), false))
          .build();
      consortia.computeIfAbsent(consortium, k -> new LinkedHashMap<>()).put(name, g);
      return this;
    }

    public Config build() {
      ConfigGroup.Builder root = ConfigGroup.newBuilder().setModPolicy("Admins")
          .putValues("HashingAlgorithm", value(HashingAlgorithm.newBuilder().setName("SHA256").build()))
          .putValues("BlockDataHashingStructure", value(BlockDataHashingStructure.newBuilder().setWidth(-1).build()))
          .putPolicies("Readers", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Readers"))
          .putPolicies("Writers", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Writers"))
          .putPolicies("Admins", implicitMeta(ImplicitMetaPolicy.Rule.MAJORITY, "Admins"));
      if (!channelCaps.isEmpty()) {
        root.putValues("Capabilities", value(capabilities(channelCaps.toArray(String[]::new))));
      }
      if (!globalOrdererAddresses.isEmpty()) {
        root.putValues("OrdererAddresses", value(OrdererAddresses.newBuilder().addAllAddresses(globalOrdererAddresses).build()));
      }
      if (orderer) {
        root.putGroups("Orderer", ConfigGroup.newBuilder().setModPolicy("Admins")
            .putValues("ConsensusType", value(ConsensusType.newBuilder().setType("etcdraft").build()))
            .putValues("BatchSize", value(BatchSize.newBuilder().setMaxMessageCount(500)
                .setAbsoluteMaxBytes(10 * 1024 * 1024).setPreferredMaxBytes(2 * 1024 * 1024).build()))
            .putValues("BatchTimeout", value(BatchTimeout.newBuilder().setTimeout("2s").build()))
            .putValues("Capabilities", value(capabilities("V2_0")))
            .putPolicies("Readers", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Readers"))
            .putPolicies("Writers", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Writers"))
            .putPolicies("Admins", implicitMeta(ImplicitMetaPolicy.Rule.MAJORITY, "Admins"))
            .putPolicies("BlockValidation", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Writers"))
            .putAllGroups(ordererOrgs)
            .build());
      }
      if (application) {
        root.putGroups("Application", ConfigGroup.newBuilder().setModPolicy("Admins")
            .putValues("Capabilities", value(capabilities("V2_5")))
            .putPolicies("Readers", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Readers"))
            .putPolicies("Writers", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Writers"))
            .putPolicies("Admins", implicitMeta(ImplicitMetaPolicy.Rule.MAJORITY, "Admins"))
            .putPolicies("Endorsement", implicitMeta(ImplicitMetaPolicy.Rule.MAJORITY, "Endorsement"))
            .putAllGroups(appOrgs)
            .build());
      }
      if (!consortia.isEmpty()) {
        ConfigGroup.Builder cs = ConfigGroup.newBuilder().setModPolicy("/Channel/Orderer/Admins");
        consortia.forEach((name, orgs) -> cs.putGroups(name, ConfigGroup.newBuilder()
            .setModPolicy("/Channel/Orderer/Admins")
            .putValues("ChannelCreationPolicy", value(Policy.newBuilder()
                .setType(Policy.PolicyType.IMPLICIT_META_VALUE)
                .setValue(ImplicitMetaPolicy.newBuilder().setSubPolicy("Admins").build().toByteString())
                .build()))
            .putAllGroups(orgs)
            .build()));
        cs.putPolicies("Admins", signedBy("OrdererMSP", MSPRole.MSPRoleType.ADMIN));
        root.putGroups("Consortiums", cs.build());
      }
      return Config.newBuilder().setSequence(0).setChannelGroup(root).build();
    }

    private static String mspId(MSPConfig msp) {
      try {
        return org.hyperledger.fabric.protos.msp.FabricMSPConfig.parseFrom(msp.getConfig()).getName();
      } catch (com.google.protobuf.InvalidProtocolBufferException e) {
        return "";
      }
    }
  }
}
