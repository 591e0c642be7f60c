package io.msp4j.channel.fuzz;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.TestOrgs;
import io.msp4j.channel.json.FabricJson;
import io.msp4j.core.policy.PolicyDsl;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigSignature;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.ConfigUpdateEnvelope;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.hyperledger.fabric.protos.peer.AnchorPeer;
import org.hyperledger.fabric.protos.peer.AnchorPeers;

/**
 * Channel configuration messages built from the testdata generator, in the shape configtxgen
 * gives them (a channel group with an Application group of two organisations, signature and
 * implicit-meta policies, a config block, a config update envelope with a signature), and the
 * seed inputs of the channel module's fuzz targets written from them (run from the module folder
 * with the test class path: {@code io.msp4j.channel.fuzz.ChannelSeeds src/test/resources}).
 */
public final class ChannelSeeds {
  private ChannelSeeds() {}

  static ConfigGroup org(String mspId, IssuedCertificate root) {
    MSPConfig msp = MSPConfig.newBuilder().setConfig(FabricMSPConfig.newBuilder().setName(mspId)
        .addRootCerts(ByteString.copyFrom(root.pem(), StandardCharsets.US_ASCII)).build().toByteString()).build();
    return ConfigGroup.newBuilder().setModPolicy("Admins")
        .putValues("MSP", value(msp))
        .putValues("AnchorPeers", value(AnchorPeers.newBuilder()
            .addAnchorPeers(AnchorPeer.newBuilder().setHost("peer0." + mspId).setPort(7051)).build()))
        .putPolicies("Admins", signature("OR('" + mspId + ".admin')"))
        .putPolicies("Readers", signature("OR('" + mspId + ".member')"))
        .putPolicies("Writers", signature("OR('" + mspId + ".member')"))
        .putPolicies("Endorsement", signature("OR('" + mspId + ".peer')"))
        .build();
  }

  static ConfigValue value(Message m) {
    return ConfigValue.newBuilder().setModPolicy("Admins").setValue(m.toByteString()).build();
  }

  static ConfigPolicy signature(String dsl) {
    return ConfigPolicy.newBuilder().setModPolicy("Admins").setPolicy(Policy.newBuilder().setType(1)
        .setValue(PolicyDsl.compile(dsl).toByteString())).build();
  }

  static ConfigPolicy implicitMeta(ImplicitMetaPolicy.Rule rule, String sub) {
    return ConfigPolicy.newBuilder().setModPolicy("Admins").setPolicy(Policy.newBuilder().setType(3)
        .setValue(ImplicitMetaPolicy.newBuilder().setRule(rule).setSubPolicy(sub).build().toByteString())).build();
  }

  static Config config() {
    TestPki pki = TestPki.seeded("channel-seeds");
    ConfigGroup application = ConfigGroup.newBuilder().setModPolicy("Admins")
        .putGroups("Org1MSP", org("Org1MSP", pki.rootCa("C=US,O=org1,CN=ca.org1")))
        .putGroups("Org2MSP", org("Org2MSP", pki.rootCa("C=US,O=org2,CN=ca.org2")))
        .putPolicies("Admins", implicitMeta(ImplicitMetaPolicy.Rule.MAJORITY, "Admins"))
        .putPolicies("Readers", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Readers"))
        .putPolicies("Writers", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Writers"))
        .build();
    ConfigGroup channel = ConfigGroup.newBuilder().setModPolicy("Admins")
        .putGroups("Application", application)
        .putPolicies("Admins", implicitMeta(ImplicitMetaPolicy.Rule.MAJORITY, "Admins"))
        .putPolicies("Readers", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Readers"))
        .putPolicies("Writers", implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Writers"))
        .build();
    return Config.newBuilder().setSequence(1).setChannelGroup(channel).build();
  }

  static Block block(Config config) {
    Payload payload = Payload.newBuilder()
        .setHeader(Header.newBuilder().setChannelHeader(ChannelHeader.newBuilder()
            .setType(HeaderType.CONFIG_VALUE).setChannelId("mychannel").build().toByteString()))
        .setData(ConfigEnvelope.newBuilder().setConfig(config).build().toByteString()).build();
    return Block.newBuilder().setData(BlockData.newBuilder()
        .addData(Envelope.newBuilder().setPayload(payload.toByteString()).build().toByteString())).build();
  }

  static ConfigUpdateEnvelope update(Config config) {
    ConfigGroup.Builder write = config.getChannelGroup().toBuilder();
    write.getGroupsMap();
    ConfigUpdate update = ConfigUpdate.newBuilder().setChannelId("mychannel")
        .setReadSet(ConfigGroup.newBuilder().putGroups("Application", ConfigGroup.getDefaultInstance()))
        .setWriteSet(write.build()).build();
    SignatureHeader sh = SignatureHeader.newBuilder().setCreator(SerializedIdentity.newBuilder()
        .setMspid("Org1MSP").setIdBytes(ByteString.copyFromUtf8("-----BEGIN CERTIFICATE-----\n")).build().toByteString())
        .setNonce(ByteString.copyFromUtf8("nonce")).build();
    return ConfigUpdateEnvelope.newBuilder().setConfigUpdate(update.toByteString())
        .addSignatures(ConfigSignature.newBuilder().setSignatureHeader(sh.toByteString())
            .setSignature(ByteString.copyFrom(new byte[] {0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01})))
        .build();
  }

  public static void main(String[] args) throws IOException {
    Path resources = Paths.get(args.length > 0 ? args[0] : "src/test/resources");
    Path tmp = Files.createTempDirectory("channel-seeds");
    TestOrgs orgs = new TestOrgs(tmp);
    for (String target : new String[] {"ChannelFuzzTestInputs/configBlocksLoadOrFailWithAChannelError",
        "SharedMspsFuzzTestInputs/sharedMspsGiveTheVerdictsOfPlainLoading"}) {
      blocks(resources.resolve("io/msp4j/channel/fuzz/" + target), orgs);
    }
    Path base = resources.resolve("io/msp4j/channel/fuzz/FabricJsonFuzzTestInputs");
    Config config = config();
    Message[] samples = {block(config), null, config, ConfigEnvelope.newBuilder().setConfig(config).build(),
        ConfigUpdate.parseFrom(update(config).getConfigUpdate()), update(config),
        config.getChannelGroup().getPoliciesOrThrow("Admins").getPolicy(),
        MSPConfig.parseFrom(config.getChannelGroup().getGroupsOrThrow("Application").getGroupsOrThrow("Org1MSP")
            .getValuesOrThrow("MSP").getValue())};
    for (int i = 0; i < samples.length; i++) {
      if (samples[i] == null) {
        continue;
      }
      write(base.resolve("jsonReadsBackToTheSameMessage"), "type-" + i,
          concat(new byte[] {(byte) i}, FabricJson.print(samples[i]).getBytes(StandardCharsets.UTF_8)));
      write(base.resolve("printedMessagesReadBackToTheSameText"), "type-" + i,
          concat(new byte[] {(byte) i}, samples[i].toByteArray()));
    }
  }

  /** The config blocks every channel-loading target starts from. */
  private static void blocks(Path blocks, TestOrgs orgs) throws IOException {
    write(blocks, "standard-v3", ConfigFixture.block("mychannel", orgs.standard().channelCapabilities("V3_0").build()));
    write(blocks, "standard-v2", ConfigFixture.block("mychannel", orgs.standard().channelCapabilities("V2_0").build()));
    write(blocks, "no-capabilities", ConfigFixture.block("mychannel", orgs.standard().build()));
    write(blocks, "consortium", ConfigFixture.block("sys", ConfigFixture.builder().noApplication()
        .consortiumOrg("SampleConsortium", "Org1", orgs.org1Msp).ordererOrg("OrdererOrg", orgs.ordererMsp).build()));
    write(blocks, "bare-config", orgs.standard().channelCapabilities("V3_0").build().toByteArray());
    write(blocks, "small-orgs", block(config()).toByteArray());
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static void write(Path dir, String name, byte[] content) throws IOException {
    Files.createDirectories(dir);
    Files.write(dir.resolve(name), content);
  }
}
