package io.msp4j.config.configtx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.config.MspFolders;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.PolicyDsl;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.peer.AnchorPeers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Organisations encoded into channel config groups as configtxgen does (spec 9.2). */
class OrgGroupsTest {

  @TempDir static Path tmp;
  static Path org1Msp;
  static Path org3Msp;

  @BeforeAll
  static void generate() {
    GeneratedTree tree = CryptoTree.fromYaml("""
        Seed: OrgGroupsTest
        Now: 2025-01-01T00:00:00Z
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
            Template: {Count: 1}
          - Name: Org3
            Domain: org3.example.com
            CA:
              Intermediates:
                - Hostname: ica
            Users: {Count: 2}
            CRL:
              Revoke: [User2@org3.example.com]
        """).generate(tmp.resolve("crypto"));
    org1Msp = tree.org("org1.example.com").mspDir();
    org3Msp = tree.org("org3.example.com").mspDir();
  }

  private static TopLevel config(String body) throws Exception {
    Path file = tmp.resolve("configtx.yaml");
    Files.writeString(file, body);
    return ConfigtxYaml.read(file, Map.of());
  }

  private static String org(String name, String id, Path msp, String extra) {
    return """
          - Name: %s
            ID: %s
            MSPDir: %s
            Policies:
              Readers: {Type: Signature, Rule: "OR('%s.member')"}
              Writers: {Type: Signature, Rule: "OR('%s.member')"}
              Admins: {Type: Signature, Rule: "OR('%s.admin')"}
        """.formatted(name, id, msp, id, id, id) + extra;
  }

  @Test
  @Tag("ENCODE-01")
  void skipAsForeignGivesAnEmptyGroupAndReadsNoFolder() throws Exception {
    TopLevel top = config("""
        Organizations:
          - Name: Foreign
            MSPDir: /does/not/exist
            SkipAsForeign: true
            OrdererEndpoints: [o:7050]
        """);
    OrgGroup g = OrgGroups.printOrg(top, "Foreign");
    assertThat(g.kind()).isEqualTo(OrgGroup.Kind.ORDERER);
    assertThat(g.group()).isEqualTo(ConfigGroup.newBuilder().setModPolicy("Admins").build());
  }

  @Test
  @Tag("ENCODE-02")
  void mspValueIsTheVerifyingFolderReadersConfig() throws Exception {
    TopLevel top = config("Organizations:\n" + org("Org3", "Org3MSP", org3Msp, ""));
    ConfigValue msp = OrgGroups.printOrg(top, "Org3").group().getValuesOrThrow("MSP");
    assertThat(msp.getModPolicy()).isEqualTo("Admins");
    assertThat(msp.getVersion()).isZero();
    assertThat(msp.getValue())
        .isEqualTo(MspFolders.readVerifying(org3Msp, "Org3MSP").mspConfig().toByteString());
  }

  @Test
  @Tag("ENCODE-02")
  void missingMspFolderFailsNamingTheOrganisationAndFolder() throws Exception {
    TopLevel top = config("Organizations:\n" + org("Org1", "Org1MSP", tmp.resolve("nowhere"), ""));
    ConfigtxException e =
        assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "Org1"));
    assertThat(e.reason()).isEqualTo(Reason.FOLDER_MISSING);
    assertThat(e.rule()).isEqualTo("ENCODE-02");
    assertThat(e.getMessage()).contains("organisation Org1", "nowhere");
  }

  @Test
  @Tag("ENCODE-02")
  @Tag("CONFIGTX-YAML-08")
  void organisationWithoutMspDirReadsTheConfigFolderAndFails() throws Exception {
    TopLevel top = config("""
        Organizations:
          - Name: Org1
            ID: Org1MSP
            Policies: {Admins: {Type: Signature, Rule: "OR('Org1MSP.admin')"}}
        """);
    ConfigtxException e =
        assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "Org1"));
    assertThat(e.rule()).isEqualTo("ENCODE-02");
    assertThat(e.getMessage()).contains("cacerts");
  }

  @Test
  @Tag("ENCODE-02")
  @Tag("IDEMIX-FOLDER-01")
  void anIdemixTypeNeedsAnIdemixFolderAndUnknownMspTypesAreRefused() throws Exception {
    TopLevel top = config("Organizations:\n"
        + org("Idemix", "I", org1Msp, "    MSPType: idemix\n")
        + org("Odd", "O", org1Msp, "    MSPType: pkcs11\n"));
    ConfigtxException e =
        assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "Idemix"));
    assertThat(e.reason()).isEqualTo(Reason.FOLDER_MISSING);
    assertThat(e.getMessage()).contains("msp/IssuerPublicKey: the issuer public key file is missing");
    assertThat(assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "Odd"))
        .getMessage()).contains("unknown MSPType \"pkcs11\"");
  }

  @Test
  @Tag("ENCODE-03")
  void policiesAreCompiledByType() throws Exception {
    TopLevel top = config("Organizations:\n" + org("Org1", "Org1MSP", org1Msp,
        "      Endorsement: {Type: ImplicitMeta, Rule: \"MAJORITY Endorsement\"}\n"));
    ConfigGroup g = OrgGroups.printOrg(top, "Org1").group();
    assertThat(g.getPoliciesMap()).containsOnlyKeys("Readers", "Writers", "Admins", "Endorsement");
    ConfigPolicy admins = g.getPoliciesOrThrow("Admins");
    assertThat(admins.getModPolicy()).isEqualTo("Admins");
    assertThat(admins.getVersion()).isZero();
    assertThat(admins.getPolicy().getType()).isEqualTo(Policy.PolicyType.SIGNATURE_VALUE);
    assertThat(admins.getPolicy().getValue())
        .isEqualTo(PolicyDsl.compile("OR('Org1MSP.admin')").toByteString());
    Policy endorsement = g.getPoliciesOrThrow("Endorsement").getPolicy();
    assertThat(endorsement.getType()).isEqualTo(Policy.PolicyType.IMPLICIT_META_VALUE);
    assertThat(ImplicitMetaPolicy.parseFrom(endorsement.getValue())).isEqualTo(
        ImplicitMetaPolicy.newBuilder().setRule(ImplicitMetaPolicy.Rule.MAJORITY)
            .setSubPolicy("Endorsement").build());
  }

  @Test
  @Tag("ENCODE-03")
  void requiredPoliciesMustBeThere() throws Exception {
    TopLevel top = config("""
        Organizations:
          - {Name: NoPolicies, ID: X, MSPDir: %s}
          - Name: NoWriters
            ID: X
            MSPDir: %s
            Policies:
              Readers: {Type: Signature, Rule: "OR('X.member')"}
              Admins: {Type: Signature, Rule: "OR('X.admin')"}
        """.formatted(org1Msp, org1Msp));
    assertThat(assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "NoPolicies"))
        .getMessage()).contains("no policies defined");
    ConfigtxException e =
        assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "NoWriters"));
    assertThat(e.reason()).isEqualTo(Reason.CONFIGTX_POLICY_INVALID);
    assertThat(e.getMessage()).contains("no Writers policy defined");
  }

  @Test
  @Tag("ENCODE-03")
  void dslTypoNamesThePolicyItsLineAndOffset() throws Exception {
    TopLevel top = config("Organizations:\n" + org("Org1", "Org1MSP", org1Msp,
        "      Endorsement: {Type: Signature, Rule: \"OR('Org1MSP.peer' 'Org1MSP.admin')\"}\n"));
    ConfigtxException e =
        assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "Org1"));
    assertThat(e.rule()).isEqualTo("ENCODE-03");
    assertThat(e.getMessage()).contains("organisation Org1", "policy Endorsement (line 9)",
        "OR('Org1MSP.peer' 'Org1MSP.admin')", "offset");
  }

  @Test
  @Tag("ENCODE-03")
  void outOfCountBeyondTheItemsPlusOneIsRefused() throws Exception {
    TopLevel top = config("Organizations:\n"
        + org("Ok", "X", org1Msp,
            "      Endorsement: {Type: Signature, Rule: \"OutOf(3, 'X.peer', 'X.admin')\"}\n")
        + org("Bad", "X", org1Msp,
            "      Endorsement: {Type: Signature, Rule: \"OutOf(4, 'X.peer', 'X.admin')\"}\n"));
    // Fabric takes counts up to the number of items plus one (a policy nobody can satisfy).
    assertThat(OrgGroups.printOrg(top, "Ok").group().getPoliciesMap()).containsKey("Endorsement");
    ConfigtxException e = assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "Bad"));
    assertThat(e.reason()).isEqualTo(Reason.CONFIGTX_POLICY_INVALID);
    assertThat(e.getMessage()).contains("OutOf(4");
  }

  @Test
  @Tag("ENCODE-03")
  void implicitMetaRuleNeedsExactlyTwoTokensAndAKnownRule() throws Exception {
    TopLevel top = config("Organizations:\n"
        + org("Two", "X", org1Msp, "      E: {Type: ImplicitMeta, Rule: \"ANY  E\"}\n")
        + org("Rule", "X", org1Msp, "      E: {Type: ImplicitMeta, Rule: \"SOME E\"}\n")
        + org("Type", "X", org1Msp, "      E: {Type: Signed, Rule: \"OR('X.peer')\"}\n"));
    assertThat(assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "Two"))
        .getMessage()).contains("expected two space separated tokens, but got 3");
    assertThat(assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "Rule"))
        .getMessage()).contains("unknown rule type \"SOME\"");
    assertThat(assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "Type"))
        .getMessage()).contains("unknown policy type: \"Signed\"");
  }

  @Test
  @Tag("ENCODE-04")
  void anchorPeersOnlyWhenThereAreAnyWithPortsAsInt32() throws Exception {
    TopLevel top = config("Organizations:\n"
        + org("With", "X", org1Msp, """
            AnchorPeers:
              - {Host: peer0, Port: 7051}
              - {Host: wrap, Port: 4294974347}
        """)
        + org("Without", "X", org1Msp, "    AnchorPeers: []\n"));
    ConfigGroup with = OrgGroups.printOrg(top, "With").group();
    AnchorPeers peers = AnchorPeers.parseFrom(with.getValuesOrThrow("AnchorPeers").getValue());
    assertThat(peers.getAnchorPeersList()).extracting(p -> p.getHost() + ":" + p.getPort())
        .containsExactly("peer0:7051", "wrap:7051");
    assertThat(OrgGroups.printOrg(top, "Without").group().getValuesMap()).containsOnlyKeys("MSP");
  }

  @Test
  @Tag("ENCODE-04")
  void ordererEndpointsBecomeTheEndpointsValue() throws Exception {
    TopLevel top = config("Organizations:\n"
        + org("Ord", "OrdMSP", org1Msp, "    OrdererEndpoints: [o1:7050, o2:7050]\n"));
    ConfigGroup g = OrgGroups.printOrg(top, "Ord").group();
    assertThat(g.getValuesMap()).containsOnlyKeys("MSP", "Endpoints");
    assertThat(OrdererAddresses.parseFrom(g.getValuesOrThrow("Endpoints").getValue())
        .getAddressesList()).containsExactly("o1:7050", "o2:7050");
  }

  @Test
  @Tag("ENCODE-04")
  void ordererOrgWithoutEndpointsFailsUnderV3() throws Exception {
    TopLevel top = config("Organizations:\n" + org("Ord", "OrdMSP", org1Msp, ""));
    Organization ord = top.organization("Ord").orElseThrow();
    ConfigtxException e = assertThrows(ConfigtxException.class,
        () -> OrgGroups.orderer(ord, Set.of("V3_0")));
    assertThat(e.getMessage()).contains("orderer endpoints for organization Ord are missing");
    assertThat(OrgGroups.orderer(ord, Set.of("V2_0")).group().getValuesMap())
        .containsOnlyKeys("MSP");
  }

  @Test
  @Tag("ENCODE-05")
  void everyElementIsAtVersionZeroWithAdminsModPolicyAndNoSubGroups() throws Exception {
    TopLevel top = config("Organizations:\n" + org("Org1", "Org1MSP", org1Msp,
        "    AnchorPeers: [{Host: p, Port: 1}]\n"));
    ConfigGroup g = OrgGroups.printOrg(top, "Org1").group();
    assertThat(g.getVersion()).isZero();
    assertThat(g.getModPolicy()).isEqualTo("Admins");
    assertThat(g.getGroupsMap()).isEmpty();
    assertThat(g.getValuesMap().values()).allSatisfy(v -> {
      assertThat(v.getVersion()).isZero();
      assertThat(v.getModPolicy()).isEqualTo("Admins");
    });
  }

  @Test
  @Tag("ENCODE-06")
  void consortiumOrgHasOnlyMspAndPolicies() throws Exception {
    TopLevel top = config("Organizations:\n" + org("Org1", "Org1MSP", org1Msp,
        "    AnchorPeers: [{Host: p, Port: 1}]\n    OrdererEndpoints: [o:1]\n"));
    OrgGroup g = OrgGroups.consortium(top.organization("Org1").orElseThrow());
    assertThat(g.kind()).isEqualTo(OrgGroup.Kind.CONSORTIUM);
    assertThat(g.group().getValuesMap()).containsOnlyKeys("MSP");
    assertThat(g.group().getPoliciesMap()).containsOnlyKeys("Readers", "Writers", "Admins");
  }

  @Test
  @Tag("ENCODE-07")
  void printOrgChoosesTheOrdererFormOnlyWhenThereAreEndpoints() throws Exception {
    TopLevel top = config("Organizations:\n"
        + org("Peer", "X", org1Msp, "    AnchorPeers: [{Host: p, Port: 1}]\n")
        + org("Both", "X", org1Msp,
            "    AnchorPeers: [{Host: p, Port: 1}]\n    OrdererEndpoints: [o:1]\n")
        + "Capabilities:\n  Channel: {V3_0: true}\n");
    assertThat(OrgGroups.printOrg(top, "Peer").kind()).isEqualTo(OrgGroup.Kind.APPLICATION);
    OrgGroup both = OrgGroups.printOrg(top, "Both");
    assertThat(both.kind()).isEqualTo(OrgGroup.Kind.ORDERER);
    assertThat(both.group().getValuesMap()).containsOnlyKeys("MSP", "Endpoints");
    ConfigtxException e =
        assertThrows(ConfigtxException.class, () -> OrgGroups.printOrg(top, "Nope"));
    assertThat(e.reason()).isEqualTo(Reason.CONFIGTX_ORG_NOT_FOUND);
    assertThat(e.getMessage()).contains("\"Nope\" not found", "known: Peer, Both");
  }

  @Test
  @Tag("ENCODE-08")
  void sampleStyleOrganisationEncodes() throws Exception {
    TopLevel top = config("""
        Organizations:
          - &SampleOrg
            Name: SampleOrg
            ID: SampleOrg
            MSPDir: %s
            Policies: &SampleOrgPolicies
              Readers: {Type: Signature, Rule: "OR('SampleOrg.member')"}
              Writers: {Type: Signature, Rule: "OR('SampleOrg.member')"}
              Admins: {Type: Signature, Rule: "OR('SampleOrg.admin')"}
              Endorsement: {Type: Signature, Rule: "OR('SampleOrg.member')"}
            OrdererEndpoints: ["127.0.0.1:7050"]
        Capabilities:
          Channel: &ChannelCapabilities {V3_0: true}
        """.formatted(org1Msp));
    OrgGroup g = OrgGroups.printOrg(top, "SampleOrg");
    assertThat(g.kind()).isEqualTo(OrgGroup.Kind.ORDERER);
    assertThat(g.group().getPoliciesMap())
        .containsOnlyKeys("Readers", "Writers", "Admins", "Endorsement");
  }

  @Test
  @Tag("ENCODE-09")
  void v3PrintsAnchorPeersOfAnApplicationOrg() throws Exception {
    // Fabric v2.5 printed every org in the orderer form and so never showed anchor peers.
    TopLevel top = config("Organizations:\n"
        + org("Org1", "Org1MSP", org1Msp, "    AnchorPeers: [{Host: p, Port: 7051}]\n"));
    assertThat(OrgGroups.printOrg(top, "Org1").group().getValuesMap())
        .containsOnlyKeys("MSP", "AnchorPeers");
  }
}
