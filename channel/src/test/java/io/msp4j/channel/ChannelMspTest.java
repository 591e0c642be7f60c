package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.hyperledger.fabric.protos.peer.AnchorPeers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The org MSPs of a channel configuration (spec 11.3, CHANNEL-MSP-01..08). */
class ChannelMspTest {
  @TempDir static Path tmp;
  static TestOrgs orgs;

  @BeforeAll
  static void generate() {
    orgs = new TestOrgs(tmp);
  }

  private static byte[] serialized(String mspId, Path pem) throws Exception {
    return SerializedIdentity.newBuilder().setMspid(mspId)
        .setIdBytes(ByteString.copyFrom(Files.readAllBytes(pem))).build().toByteArray();
  }

  private static ChannelConfigException rejected(Config config) {
    return assertThrows(ChannelConfigException.class, () -> Channel.load(config));
  }

  private static Config withAppOrg(Config config, String name, ConfigGroup group) {
    Config.Builder b = config.toBuilder();
    b.getChannelGroupBuilder().getGroupsOrThrow("Application");
    ConfigGroup app = b.getChannelGroup().getGroupsOrThrow("Application").toBuilder().putGroups(name, group).build();
    b.getChannelGroupBuilder().putGroups("Application", app);
    return b.build();
  }

  private static MSPConfig renamed(MSPConfig msp, String name) throws Exception {
    FabricMSPConfig f = FabricMSPConfig.parseFrom(msp.getConfig()).toBuilder().setName(name).build();
    return msp.toBuilder().setConfig(f.toByteString()).build();
  }

  @Test
  @Tag("CHANNEL-MSP-01")
  void orgsComeFromApplicationOrdererAndEveryConsortium() throws Exception {
    Config config = orgs.standard()
        .consortiumOrg("SampleConsortium", "Org1", orgs.org1Msp)
        .consortiumOrg("OtherConsortium", "Org2", orgs.org2Msp)
        .build();
    Channel channel = Channel.load(config);
    assertThat(channel.orgs()).extracting(ChannelOrg::groupPath).containsExactly(
        "/Channel/Application/Org1", "/Channel/Application/Org2",
        "/Channel/Consortiums/OtherConsortium/Org2", "/Channel/Consortiums/SampleConsortium/Org1",
        "/Channel/Orderer/OrdererOrg");
    assertThat(channel.orgs()).extracting(ChannelOrg::kind).containsExactly(
        OrgKind.APPLICATION, OrgKind.APPLICATION, OrgKind.CONSORTIUM, OrgKind.CONSORTIUM, OrgKind.ORDERER);
    assertThat(channel.mspManager().msps()).containsOnlyKeys("Org1MSP", "Org2MSP", "OrdererMSP");
    assertThat(channel.mspVersion()).isEqualTo(MspVersion.V3_0);

    Identity peer = channel.mspManager().deserialize(
        serialized("Org1MSP", orgs.org1.identity("peer0").signCertFile()));
    peer.validate();
    peer.satisfies(Principal.Role.peer("Org1MSP"));
    Identity orderer = channel.mspManager().deserialize(
        serialized("OrdererMSP", orgs.orderer.identity("orderer").signCertFile()));
    orderer.satisfies(Principal.Role.orderer("OrdererMSP"));
  }

  @Test
  @Tag("CHANNEL-MSP-01")
  @Tag("VER-02")
  void everyOrgMspIsBuiltAtTheVersionOfTheChannelCapabilities() {
    for (String[] caps : List.of(new String[] {}, new String[] {"V1_1"}, new String[] {"V1_3"},
        new String[] {"V1_4_2"}, new String[] {"V1_4_3"}, new String[] {"V2_0"}, new String[] {"V3_0"})) {
      ConfigFixture.Builder b = ConfigFixture.builder().channelCapabilities(caps)
          .applicationOrg("Org1", orgs.org1Msp).noOrderer();
      if (caps.length == 0 || caps[0].equals("V1_1") || caps[0].equals("V1_3")) {
        b.ordererAddresses("orderer.example.com:7050");
      }
      Channel channel = Channel.load(b.build());
      MspVersion expected = new ChannelCapabilities(java.util.Set.of(caps), java.util.Set.of(), java.util.Set.of()).mspVersion();
      assertThat(channel.msp("Org1MSP").orElseThrow().version()).as("capabilities %s", List.of(caps)).isEqualTo(expected);
    }
  }

  @Test
  @Tag("CHANNEL-MSP-02")
  void anOrgGroupWithASubGroupRejectsTheConfig() {
    ConfigGroup org = orgs.standard().build().getChannelGroup().getGroupsOrThrow("Application")
        .getGroupsOrThrow("Org1").toBuilder().putGroups("Nested", ConfigGroup.getDefaultInstance()).build();
    for (Config config : List.of(
        orgs.standard().applicationOrgGroup("Org1", org).build(),
        orgs.standard().ordererOrgGroup("OrdererOrg", org).build())) {
      ChannelConfigException e = rejected(config);
      assertThat(e.reason()).isEqualTo(Reason.ORG_GROUP_INVALID);
      assertThat(e.rule()).isEqualTo("CHANNEL-MSP-02");
      assertThat(e.getMessage()).contains("sub-groups").contains("[Nested]");
    }
    Config consortium = ConfigFixture.builder().ordererOrg("OrdererOrg", orgs.ordererMsp)
        .consortiumOrg("C", "Org1", orgs.org1Msp).build();
    Config.Builder b = consortium.toBuilder();
    ConfigGroup cs = b.getChannelGroup().getGroupsOrThrow("Consortiums");
    ConfigGroup c = cs.getGroupsOrThrow("C");
    ConfigGroup badOrg = c.getGroupsOrThrow("Org1").toBuilder().putGroups("Nested", ConfigGroup.getDefaultInstance()).build();
    b.getChannelGroupBuilder().putGroups("Consortiums",
        cs.toBuilder().putGroups("C", c.toBuilder().putGroups("Org1", badOrg).build()).build());
    ChannelConfigException e = rejected(b.build());
    assertThat(e.path()).isEqualTo("/Channel/Consortiums/C/Org1");
    assertThat(e.rule()).isEqualTo("CHANNEL-MSP-02");
  }

  @Test
  @Tag("CHANNEL-MSP-02")
  void subGroupErrorNamesTheOrgGroupPath() {
    ConfigGroup org = orgs.standard().build().getChannelGroup().getGroupsOrThrow("Orderer")
        .getGroupsOrThrow("OrdererOrg").toBuilder().putGroups("Extra", ConfigGroup.getDefaultInstance()).build();
    ChannelConfigException e = rejected(orgs.standard().ordererOrgGroup("OrdererOrg", org).build());
    assertThat(e.path()).isEqualTo("/Channel/Orderer/OrdererOrg");
    assertThat(e.getMessage()).startsWith("/Channel/Orderer/OrdererOrg: ");
  }

  @Test
  @Tag("CHANNEL-MSP-02")
  void aValueKeyTheOrgKindDoesNotAllowRejectsTheConfig() {
    Config base = orgs.standard().consortiumOrg("C", "Org2", orgs.org2Msp).build();
    ConfigGroup app = base.getChannelGroup().getGroupsOrThrow("Application").getGroupsOrThrow("Org1");
    ConfigGroup ord = base.getChannelGroup().getGroupsOrThrow("Orderer").getGroupsOrThrow("OrdererOrg");
    ConfigValue endpoints = ord.getValuesOrThrow("Endpoints");
    ConfigValue anchors = app.getValuesOrThrow("AnchorPeers");

    ChannelConfigException appWithEndpoints = rejected(orgs.standard()
        .applicationOrgGroup("Org1", app.toBuilder().putValues("Endpoints", endpoints).build()).build());
    assertThat(appWithEndpoints.path()).isEqualTo("/Channel/Application/Org1/Endpoints");
    assertThat(appWithEndpoints.getMessage()).contains("unexpected value key 'Endpoints'").contains("AnchorPeers, MSP");

    ChannelConfigException ordererWithAnchors = rejected(orgs.standard()
        .ordererOrgGroup("OrdererOrg", ord.toBuilder().putValues("AnchorPeers", anchors).build()).build());
    assertThat(ordererWithAnchors.path()).isEqualTo("/Channel/Orderer/OrdererOrg/AnchorPeers");

    Config.Builder b = base.toBuilder();
    ConfigGroup cs = b.getChannelGroup().getGroupsOrThrow("Consortiums");
    ConfigGroup c = cs.getGroupsOrThrow("C");
    b.getChannelGroupBuilder().putGroups("Consortiums", cs.toBuilder().putGroups("C", c.toBuilder()
        .putGroups("Org2", c.getGroupsOrThrow("Org2").toBuilder().putValues("AnchorPeers", anchors).build()).build()).build());
    ChannelConfigException consortiumWithAnchors = rejected(b.build());
    assertThat(consortiumWithAnchors.path()).isEqualTo("/Channel/Consortiums/C/Org2/AnchorPeers");
    for (ChannelConfigException e : List.of(appWithEndpoints, ordererWithAnchors, consortiumWithAnchors)) {
      assertThat(e.reason()).isEqualTo(Reason.ORG_GROUP_INVALID);
      assertThat(e.rule()).isEqualTo("CHANNEL-MSP-02");
    }
  }

  @Test
  @Tag("CHANNEL-MSP-02")
  void ordererOrgEndpointsNeedChannelCapabilityV1_4_2() {
    ConfigFixture.Builder below = ConfigFixture.builder().channelCapabilities("V1_3")
        .ordererAddresses("orderer.example.com:7050")
        .applicationOrg("Org1", orgs.org1Msp).ordererOrg("OrdererOrg", orgs.ordererMsp);
    ChannelConfigException e = rejected(below.build());
    assertThat(e.path()).isEqualTo("/Channel/Orderer/OrdererOrg/Endpoints");
    assertThat(e.rule()).isEqualTo("CHANNEL-MSP-02");
    assertThat(e.getMessage()).contains("V1_4_2");

    Channel atV142 = Channel.load(ConfigFixture.builder().channelCapabilities("V1_4_2")
        .applicationOrg("Org1", orgs.org1Msp).ordererOrg("OrdererOrg", orgs.ordererMsp).build());
    assertThat(atV142.mspVersion()).isEqualTo(MspVersion.V1_3);
  }

  @Test
  @Tag("CHANNEL-MSP-02")
  void aValueThatDoesNotDecodeAsItsMessageRejectsTheConfig() {
    ConfigGroup app = orgs.standard().build().getChannelGroup().getGroupsOrThrow("Application").getGroupsOrThrow("Org1");
    ConfigValue garbage = ConfigValue.newBuilder().setValue(ByteString.copyFrom(new byte[] {0x0a, 0x7f, 0x01})).build();
    ChannelConfigException badMsp = rejected(orgs.standard()
        .applicationOrgGroup("Org1", app.toBuilder().putValues("MSP", garbage).build()).build());
    assertThat(badMsp.path()).isEqualTo("/Channel/Application/Org1/MSP");
    assertThat(badMsp.getMessage()).contains("does not decode as msp.MSPConfig");
    ChannelConfigException badAnchors = rejected(orgs.standard()
        .applicationOrgGroup("Org1", app.toBuilder().putValues("AnchorPeers", garbage).build()).build());
    assertThat(badAnchors.path()).isEqualTo("/Channel/Application/Org1/AnchorPeers");
    assertThat(badAnchors.getMessage()).contains(AnchorPeers.getDescriptor().getFullName());
    for (ChannelConfigException e : List.of(badMsp, badAnchors)) {
      assertThat(e.reason()).isEqualTo(Reason.ORG_GROUP_INVALID);
      assertThat(e.rule()).isEqualTo("CHANNEL-MSP-02");
    }
  }

  @Test
  @Tag("CHANNEL-MSP-03")
  void anOrgGroupWithoutMspValueHasAnEmptyMspThatFailsSetup() {
    ConfigGroup app = orgs.standard().build().getChannelGroup().getGroupsOrThrow("Application").getGroupsOrThrow("Org2");
    ChannelConfigException e = rejected(orgs.standard()
        .applicationOrgGroup("Org2", app.toBuilder().removeValues("MSP").build()).build());
    assertThat(e.path()).isEqualTo("/Channel/Application/Org2");
    assertThat(e.reason()).isEqualTo(Reason.NO_ROOT_CA);
    assertThat(e.rule()).isEqualTo("SETUP-CA-01");
    assertThat(e.getMessage()).contains("CHANNEL-MSP-05");
  }

  @Test
  @Tag("CHANNEL-MSP-04")
  void x509MspsAreWrappedInFabricsCache() {
    Channel channel = Channel.load(orgs.standard().build());
    assertThat(channel.orgs()).allSatisfy(o -> assertThat(o.msp()).isInstanceOf(CachingMsp.class));
  }

  @Test
  @Tag("CHANNEL-MSP-04")
  @Tag("CHANNEL-MSP-05")
  @Tag("IDEMIX-VER-01")
  void idemixIsRejectedAtVersion3_0AndSetUpAt1_4_3() {
    MSPConfig idemix = MSPConfig.newBuilder().setType(1).setConfig(ByteString.copyFromUtf8("whatever")).build();
    ChannelConfigException atV3 = rejected(orgs.standard().applicationOrg("Idemix", idemix).build());
    assertThat(atV3.path()).isEqualTo("/Channel/Application/Idemix");
    assertThat(atV3.getMessage()).contains("cannot exist at MSP version 3.0");
    assertThat(atV3.reason()).isEqualTo(Reason.MSP_TYPE_UNSUPPORTED);
    assertThat(atV3.rule()).isEqualTo("CHANNEL-MSP-04");

    // At 1.4.3 (V2_0) the idemix MSP is set up, and this configuration fails its setup.
    ChannelConfigException atV143 = rejected(ConfigFixture.builder().channelCapabilities("V2_0")
        .applicationOrg("Idemix", idemix).ordererOrg("OrdererOrg", orgs.ordererMsp).build());
    assertThat(atV143.getMessage()).contains("idemix MSP cannot be set up at version 1.4.3 [CHANNEL-MSP-05]");
    assertThat(atV143.rule()).startsWith("IDEMIX-");
  }

  @Test
  @Tag("CHANNEL-MSP-04")
  void anMspTypeOtherThanX509OrIdemixIsRejected() {
    MSPConfig other = orgs.org2Msp.toBuilder().setType(2).build();
    ChannelConfigException e = rejected(orgs.standard().applicationOrg("Org2", other).build());
    assertThat(e.reason()).isEqualTo(Reason.MSP_TYPE_UNSUPPORTED);
    assertThat(e.rule()).isEqualTo("CHANNEL-MSP-04");
    assertThat(e.getMessage()).contains("unsupported MSP type 2");
  }

  @Test
  @Tag("CHANNEL-MSP-05")
  @Tag("CHANNEL-MSP-08")
  void anOrgMspSetupFailureRejectsTheWholeConfigNamingTheOrgAndTheMspRule() throws Exception {
    // Org2's MSP with Org1's peer certificate as its only root: not a CA.
    byte[] peerPem = Files.readAllBytes(orgs.org1.identity("peer0").signCertFile());
    FabricMSPConfig f = FabricMSPConfig.parseFrom(orgs.org2Msp.getConfig()).toBuilder()
        .clearRootCerts().addRootCerts(ByteString.copyFrom(peerPem)).build();
    MSPConfig broken = orgs.org2Msp.toBuilder().setConfig(f.toByteString()).build();
    ChannelConfigException e = rejected(orgs.standard().applicationOrg("Org2", broken).build());
    assertThat(e.path()).isEqualTo("/Channel/Application/Org2");
    assertThat(e.reason()).isEqualTo(Reason.SANITIZE_FAILED);   // a non-self-signed root (SANITIZE-03)
    assertThat(e.rule()).isNotBlank().isNotEqualTo("CHANNEL-MSP-05");
    assertThat(e.getCause()).isInstanceOf(io.msp4j.core.MspSetupException.class);
    assertThat(e.getMessage()).contains("peer0.org1.example.com");
  }

  @Test
  @Tag("CHANNEL-MSP-08")
  void setupFailuresDependOnTheChannelVersion() throws Exception {
    // An MSP with NodeOUs whose client OU is dropped: fine at 1.4.3 and later, fails at 1.1/1.3.
    FabricMSPConfig f = FabricMSPConfig.parseFrom(orgs.org2Msp.getConfig());
    FabricMSPConfig noClient = f.toBuilder().setFabricNodeOus(f.getFabricNodeOus().toBuilder().clearClientOuIdentifier()).build();
    MSPConfig msp = orgs.org2Msp.toBuilder().setConfig(noClient.toByteString()).build();
    Channel ok = Channel.load(ConfigFixture.builder().channelCapabilities("V2_0")
        .applicationOrg("Org2", msp).ordererOrg("OrdererOrg", orgs.ordererMsp).build());
    assertThat(ok.mspVersion()).isEqualTo(MspVersion.V1_4_3);
    ChannelConfigException e = rejected(ConfigFixture.builder().channelCapabilities("V1_4_2")
        .applicationOrg("Org2", msp).ordererOrg("OrdererOrg", orgs.ordererMsp).build());
    assertThat(e.path()).isEqualTo("/Channel/Application/Org2");
    assertThat(e.reason()).isEqualTo(Reason.NODEOU_MISSING);
  }

  @Test
  @Tag("CHANNEL-MSP-06")
  void anEmptyMspIdRejectsTheConfig() throws Exception {
    ChannelConfigException e = rejected(orgs.standard().applicationOrg("Org2", renamed(orgs.org2Msp, "")).build());
    assertThat(e.reason()).isEqualTo(Reason.MSP_ID_EMPTY);
    assertThat(e.rule()).isEqualTo("CHANNEL-MSP-06");
    assertThat(e.path()).isEqualTo("/Channel/Application/Org2");
  }

  @Test
  @Tag("CHANNEL-MSP-07")
  void oneMspIdInSeveralGroupsWithIdenticalConfigSharesTheFirstMsp() {
    Channel channel = Channel.load(orgs.standard().consortiumOrg("C", "Org1", orgs.org1Msp).build());
    List<ChannelOrg> org1 = channel.orgs("Org1MSP");
    assertThat(org1).extracting(ChannelOrg::groupPath)
        .containsExactly("/Channel/Application/Org1", "/Channel/Consortiums/C/Org1");
    assertThat(org1.get(1).msp()).isSameAs(org1.get(0).msp());
    assertThat(channel.msp("Org1MSP").orElseThrow()).isSameAs(org1.get(0).msp());
  }

  @Test
  @Tag("CHANNEL-MSP-07")
  void oneMspIdWithDifferentConfigsRejectsTheConfigNamingBothGroups() throws Exception {
    // Org2's certificates under Org1's MSP ID, in a second application org group.
    ChannelConfigException e = rejected(orgs.standard().applicationOrg("Org1Again", renamed(orgs.org2Msp, "Org1MSP")).build());
    assertThat(e.reason()).isEqualTo(Reason.MSP_ID_CONFLICT);
    assertThat(e.rule()).isEqualTo("CHANNEL-MSP-07");
    assertThat(e.path()).isEqualTo("/Channel/Application/Org1Again");
    assertThat(e.getMessage()).contains("'Org1MSP'").contains("/Channel/Application/Org1 ");
  }

  @Test
  @Tag("CHANNEL-MSP-07")
  void aDifferenceInEncodingAloneIsADifferentConfig() throws Exception {
    // The same certificates with one more (unknown) field in the MSP value's bytes.
    MSPConfig extended = MSPConfig.newBuilder().mergeFrom(orgs.org1Msp)
        .setUnknownFields(com.google.protobuf.UnknownFieldSet.newBuilder()
            .addField(9, com.google.protobuf.UnknownFieldSet.Field.newBuilder().addVarint(1).build()).build())
        .build();
    ChannelConfigException e = rejected(orgs.standard().consortiumOrg("C", "Org1", extended).build());
    assertThat(e.reason()).isEqualTo(Reason.MSP_ID_CONFLICT);
  }

  @Test
  @Tag("CHANNEL-MSP-05")
  void theFirstFaultInConfigOrderIsReportedWhateverTheParallelism() throws Exception {
    byte[] peerPem = Files.readAllBytes(orgs.org1.identity("peer0").signCertFile());
    FabricMSPConfig f = FabricMSPConfig.parseFrom(orgs.org2Msp.getConfig()).toBuilder()
        .clearRootCerts().addRootCerts(ByteString.copyFrom(peerPem)).build();
    MSPConfig broken = orgs.org2Msp.toBuilder().setConfig(f.toByteString()).build();
    ConfigGroup subGroup = ConfigGroup.newBuilder().putGroups("x", ConfigGroup.getDefaultInstance()).build();
    // Application/Org2 fails setup; Orderer/OrdererOrg (later in order) has a structural fault.
    Config config = orgs.standard().applicationOrg("Org2", broken).ordererOrgGroup("OrdererOrg", subGroup).build();
    for (int p : new int[] {1, 2, 8}) {
      ChannelConfigException e = assertThrows(ChannelConfigException.class, () -> Channel.load(
          new DecodedConfig(ConfigForm.CONFIG, java.util.Optional.empty(), java.util.OptionalLong.empty(), config),
          ChannelOptions.defaults().withParallelism(p)));
      assertThat(e.path()).as("parallelism %d", p).isEqualTo("/Channel/Application/Org2");
    }
    // With the setup fault gone, the structural one is reported.
    ChannelConfigException later = rejected(orgs.standard().ordererOrgGroup("OrdererOrg", subGroup).build());
    assertThat(later.path()).isEqualTo("/Channel/Orderer/OrdererOrg");
    assertThat(later.getMessage()).contains("sub-groups");
  }
}
