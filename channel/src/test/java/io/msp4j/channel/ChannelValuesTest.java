package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.Message;
import io.msp4j.core.Reason;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.hyperledger.fabric.protos.common.BlockDataHashingStructure;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.HashingAlgorithm;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.orderer.BatchSize;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;
import org.hyperledger.fabric.protos.peer.ACLs;
import org.hyperledger.fabric.protos.peer.APIResource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What else Fabric's channel config checks when it loads: channel, orderer, application values. */
class ChannelValuesTest {
  @TempDir static Path tmp;
  static TestOrgs orgs;
  static Config standard;

  @BeforeAll
  static void generate() {
    orgs = new TestOrgs(tmp);
    standard = orgs.standard().build();
  }

  private static Config rootWith(String key, Message value) {
    Config.Builder b = standard.toBuilder();
    b.getChannelGroupBuilder().putValues(key, ConfigFixture.value(value));
    return b.build();
  }

  private static Config group(String name, UnaryOperator<ConfigGroup.Builder> change) {
    Config.Builder b = standard.toBuilder();
    ConfigGroup g = b.getChannelGroup().getGroupsOrThrow(name);
    b.getChannelGroupBuilder().putGroups(name, change.apply(g.toBuilder()).build());
    return b.build();
  }

  private static ChannelConfigException rejected(Config config, String path) {
    ChannelConfigException e = assertThrows(ChannelConfigException.class, () -> Channel.load(config));
    assertThat(e.path()).isEqualTo(path);
    return e;
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void hashingAlgorithmMustBeSha256OrSha3_256() {
    Channel.load(rootWith("HashingAlgorithm", HashingAlgorithm.newBuilder().setName("SHA3_256").build()));
    ChannelConfigException e = rejected(rootWith("HashingAlgorithm", HashingAlgorithm.newBuilder().setName("SHA512").build()),
        "/Channel/HashingAlgorithm");
    assertThat(e.reason()).isEqualTo(Reason.CHANNEL_CONFIG_INVALID);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-14");
    assertThat(e.getMessage()).contains("'SHA512'");
    Config.Builder missing = standard.toBuilder();
    missing.getChannelGroupBuilder().removeValues("HashingAlgorithm");
    rejected(missing.build(), "/Channel/HashingAlgorithm");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void blockDataHashingWidthMustBeMaxUint32() {
    ChannelConfigException e = rejected(rootWith("BlockDataHashingStructure",
        BlockDataHashingStructure.newBuilder().setWidth(2).build()), "/Channel/BlockDataHashingStructure");
    assertThat(e.getMessage()).contains("4294967295");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void globalOrdererAddressesAreNeededBelowV1_4_2AndForbiddenAtV3_0() {
    rejected(ConfigFixture.builder().channelCapabilities("V1_3").applicationOrg("Org1", orgs.org1Msp).noOrderer().build(),
        "/Channel/OrdererAddresses");
    ChannelConfigException v3 = rejected(orgs.standard().ordererAddresses("orderer:7050").build(), "/Channel/OrdererAddresses");
    assertThat(v3.getMessage()).contains("V3_0");
    Channel.load(ConfigFixture.builder().channelCapabilities("V2_0").ordererAddresses("orderer:7050")
        .applicationOrg("Org1", orgs.org1Msp).ordererOrg("OrdererOrg", orgs.ordererMsp).build());
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void atV3_0EveryOrdererOrgListsEndpoints() {
    ConfigGroup org = standard.getChannelGroup().getGroupsOrThrow("Orderer").getGroupsOrThrow("OrdererOrg")
        .toBuilder().removeValues("Endpoints").build();
    ChannelConfigException e = rejected(orgs.standard().ordererOrgGroup("OrdererOrg", org).build(), "/Channel/Orderer");
    assertThat(e.getMessage()).contains("[OrdererOrg]");
    ConfigGroup emptyEndpoints = org.toBuilder()
        .putValues("Endpoints", ConfigFixture.value(OrdererAddresses.getDefaultInstance())).build();
    rejected(orgs.standard().ordererOrgGroup("OrdererOrg", emptyEndpoints).build(), "/Channel/Orderer");
    Channel.load(ConfigFixture.builder().channelCapabilities("V2_0").applicationOrg("Org1", orgs.org1Msp)
        .ordererOrgGroup("OrdererOrg", org).build());
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void channelGroupsOtherThanApplicationOrdererConsortiumsAreRejected() {
    Config.Builder b = standard.toBuilder();
    b.getChannelGroupBuilder().putGroups("Extras", ConfigGroup.getDefaultInstance());
    ChannelConfigException e = rejected(b.build(), "/Channel/Extras");
    assertThat(e.getMessage()).contains("'Extras'");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void unknownOrUndecodableChannelValuesAreRejected() {
    rejected(rootWith("Colour", HashingAlgorithm.newBuilder().setName("blue").build()), "/Channel/Colour");
    Config.Builder b = standard.toBuilder();
    b.getChannelGroupBuilder().putValues("Capabilities", org.hyperledger.fabric.protos.common.ConfigValue.newBuilder()
        .setValue(com.google.protobuf.ByteString.copyFrom(new byte[] {0x0a, 0x10})).build());
    ChannelConfigException e = rejected(b.build(), "/Channel/Capabilities");
    assertThat(e.getMessage()).contains("common.Capabilities");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void batchSizeAndTimeoutAreCheckedAsTheOrdererChecksThem() {
    BatchSize ok = BatchSize.newBuilder().setMaxMessageCount(10).setAbsoluteMaxBytes(100).setPreferredMaxBytes(50).build();
    for (BatchSize bad : new BatchSize[] {ok.toBuilder().setMaxMessageCount(0).build(),
        ok.toBuilder().setAbsoluteMaxBytes(0).build(), ok.toBuilder().setPreferredMaxBytes(0).build(),
        ok.toBuilder().setPreferredMaxBytes(101).build()}) {
      rejected(group("Orderer", g -> g.putValues("BatchSize", ConfigFixture.value(bad))), "/Channel/Orderer/BatchSize");
    }
    Channel.load(group("Orderer", g -> g.putValues("BatchSize", ConfigFixture.value(ok))));
    for (String bad : new String[] {"", "2", "0s", "-1s", "two seconds"}) {
      rejected(group("Orderer", g -> g.putValues("BatchTimeout", ConfigFixture.value(BatchTimeout.newBuilder().setTimeout(bad).build()))),
          "/Channel/Orderer/BatchTimeout");
    }
    Channel.load(group("Orderer", g -> g.putValues("BatchTimeout", ConfigFixture.value(BatchTimeout.newBuilder().setTimeout("1h0.5m").build()))));
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void aclsNeedApplicationCapabilityV1_2() {
    ACLs acls = ACLs.newBuilder().putAcls("peer/Propose", APIResource.newBuilder().setPolicyRef("/Channel/Application/Writers").build()).build();
    Channel.load(group("Application", g -> g.putValues("ACLs", ConfigFixture.value(acls))));
    ChannelConfigException e = rejected(group("Application", g -> g.putValues("ACLs", ConfigFixture.value(acls))
        .putValues("Capabilities", ConfigFixture.value(ConfigFixture.capabilities("V1_1")))), "/Channel/Application/ACLs");
    assertThat(e.getMessage()).contains("V1_2");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void capabilitiesNeedOrdererCapabilitiesFirst() {
    rejected(group("Orderer", g -> g.removeValues("Capabilities")), "/Channel/Capabilities");
    Config.Builder b = group("Orderer", g -> g.removeValues("Capabilities")).toBuilder();
    b.getChannelGroupBuilder().removeValues("Capabilities").putValues("OrdererAddresses",
        ConfigFixture.value(OrdererAddresses.newBuilder().addAddresses("o:7050").build()));
    ConfigGroup ordererNoEndpoints = b.getChannelGroup().getGroupsOrThrow("Orderer").getGroupsOrThrow("OrdererOrg")
        .toBuilder().removeValues("Endpoints").build();
    b.getChannelGroupBuilder().putGroups("Orderer", b.getChannelGroup().getGroupsOrThrow("Orderer").toBuilder()
        .putGroups("OrdererOrg", ordererNoEndpoints).build());
    rejected(b.build(), "/Channel/Application/Capabilities");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-05")
  void everyNameInTheTreeMustBeAValidConfigKey() {
    ChannelConfigException e = rejected(group("Application", g -> g.putPolicies("bad name", ConfigFixture.implicitMeta(
        org.hyperledger.fabric.protos.common.ImplicitMetaPolicy.Rule.ANY, "Readers"))), "/Channel/Application/bad name");
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-05");
    ConfigPolicy p = standard.getChannelGroup().getPoliciesOrThrow("Readers");
    rejected(group("Orderer", g -> g.putPolicies("..", p)), "/Channel/Orderer/..");
    rejected(group("Orderer", g -> g.putPolicies("x".repeat(250), p)), "/Channel/Orderer/" + "x".repeat(250));
    Channel.load(group("Orderer", g -> g.putPolicies("x".repeat(249) , p)));
  }

  @Test
  @Tag("CONFIGTX-UPDATE-05")
  void theBlockChannelIdMustBeAValidChannelName() {
    assertThat(Channel.load(ConfigFixture.block("my-channel.1", standard)).channelId()).contains("my-channel.1");
    for (String bad : new String[] {"", "MyChannel", "1channel", "my_channel", "c".repeat(250)}) {
      ChannelConfigException e = assertThrows(ChannelConfigException.class,
          () -> Channel.load(ConfigFixture.block(bad, standard)), bad);
      assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-05");
      assertThat(e.path()).isEqualTo("channel header");
    }
  }
}
