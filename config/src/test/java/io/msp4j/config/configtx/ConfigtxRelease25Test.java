package io.msp4j.config.configtx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.Reason;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * configtx.yaml read and organisations printed as Fabric v2.5.12's configtxgen does, against
 * v3.0.0's (DELTA25-07): the orderer types each knows, the orderer keys each takes, the global
 * orderer addresses, and the form {@code -printOrg} prints.
 */
@Tag("DELTA25-07")
class ConfigtxRelease25Test {

  private static final FabricRelease V25 = FabricRelease.V2_5;
  private static final FabricRelease V30 = FabricRelease.V3_0;

  @TempDir static Path tmp;
  static Path orgMsp;

  @BeforeAll
  static void generate() {
    GeneratedTree tree = CryptoTree.fromYaml("""
        Seed: ConfigtxRelease25Test
        Now: 2025-01-01T00:00:00Z
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
        """).generate(tmp.resolve("crypto"));
    orgMsp = tree.org("org1.example.com").mspDir();
  }

  private static TopLevel read(String text, FabricRelease release) {
    return ConfigtxYaml.parse(text.getBytes(StandardCharsets.UTF_8), Yaml.FILE, Map.of(), release);
  }

  private static ConfigtxException fails(String text, FabricRelease release) {
    return assertThrows(ConfigtxException.class, () -> read(text, release));
  }

  private static final String KAFKA = """
      Orderer:
        OrdererType: kafka
        Kafka: {Brokers: [kb1:9092, kb2:9092]}
      """;

  private static final String BFT = """
      Orderer:
        OrdererType: BFT
        ConsenterMapping:
          - {ID: 1, Host: o1, Port: 7050, MSPID: OrdMSP, Identity: id.pem,
             ClientTLSCert: tls.pem, ServerTLSCert: tls.pem}
      """;

  @Test
  void kafkaIsReadByV25WithItsBrokersAndRefusedByV30() {
    Orderer o = read(KAFKA, V25).orderer().orElseThrow();
    assertThat(o.ordererType()).isEqualTo("kafka");
    assertThat(o.kafkaBrokers()).containsExactly("kb1:9092", "kb2:9092");

    ConfigtxException e = fails(KAFKA, V30);
    assertThat(e.reason()).isEqualTo(Reason.CONFIGTX_INVALID);
    assertThat(e.getMessage()).contains("'Orderer' has invalid keys: Kafka");
    ConfigtxException type = fails("Orderer: {OrdererType: kafka}\n", V30);
    assertThat(type.getMessage()).contains("unknown orderer type: kafka");
    assertThat(type.rule()).isEqualTo("CONFIGTX-YAML-02");
  }

  @Test
  void v25GivesAKafkaOrdererWithoutBrokersItsDefaultBroker() {
    Orderer top = read("Orderer: {OrdererType: kafka}\n", V25).orderer().orElseThrow();
    assertThat(top.kafkaBrokers()).containsExactly("127.0.0.1:9092");
    // Profiles are kept as written, as LoadTopLevel leaves them.
    Orderer inProfile = read("""
        Profiles:
          P:
            Orderer: {OrdererType: kafka}
        """, V25).profiles().get("P").orderer().orElseThrow();
    assertThat(inProfile.kafkaBrokers()).isEmpty();
    // An etcdraft or solo orderer keeps the brokers it was given, unused.
    Orderer solo = read("Orderer: {OrdererType: solo, Kafka: {Brokers: [k:1]}}\n", V25)
        .orderer().orElseThrow();
    assertThat(solo.kafkaBrokers()).containsExactly("k:1");
  }

  @Test
  void bftIsReadByV30AndRefusedByV25WithTheRule() {
    Orderer o = read(BFT, V30).orderer().orElseThrow();
    assertThat(o.ordererType()).isEqualTo("BFT");
    assertThat(o.kafkaBrokers()).isEmpty();

    ConfigtxException keys = fails(BFT, V25);
    assertThat(keys.rule()).isEqualTo("DELTA25-07");
    assertThat(keys.getMessage()).contains("'Orderer' has invalid keys: ConsenterMapping");
    ConfigtxException smart = fails("Orderer: {OrdererType: etcdraft, SmartBFT: {}}\n", V25);
    assertThat(smart.rule()).isEqualTo("DELTA25-07");
    ConfigtxException type = fails("Orderer: {OrdererType: BFT}\n", V25);
    assertThat(type.rule()).isEqualTo("DELTA25-07");
    assertThat(type.reason()).isEqualTo(Reason.CONFIGTX_INVALID);
    assertThat(type.getMessage()).contains("unknown orderer type: BFT");
    // v3.0 reads the bare type and fails on the missing consenters instead.
    assertThat(fails("Orderer: {OrdererType: BFT}\n", V30).getMessage())
        .contains("did not specify any consenter");
    // A key unrelated to BFT keeps the reader's rule at v2.5.
    assertThat(fails("Orderer: {OrdererType: solo, Nope: 1}\n", V25).rule())
        .isEqualTo("CONFIGTX-YAML-01");
  }

  @Test
  void globalOrdererAddressesAreReadByBothReleases() {
    String text = """
        Orderer: {OrdererType: solo, Addresses: [g1:7050, g2:7050]}
        Capabilities:
          Channel: {V3_0: true}
        """;
    for (FabricRelease r : FabricRelease.all()) {
      assertThat(read(text, r).orderer().orElseThrow().addresses())
          .containsExactly("g1:7050", "g2:7050");
    }
  }

  @Test
  void defaultReleaseReadsAsV30() {
    assertThat(assertThrows(ConfigtxException.class, () -> Yaml.read(KAFKA)).getMessage())
        .contains("invalid keys: Kafka");
    assertThat(Yaml.read(BFT).orderer().orElseThrow().ordererType()).isEqualTo("BFT");
  }

  private static String org(String name, String extra) {
    return """
          - Name: %s
            ID: Org1MSP
            MSPDir: %s
            Policies:
              Readers: {Type: Signature, Rule: "OR('Org1MSP.member')"}
              Writers: {Type: Signature, Rule: "OR('Org1MSP.member')"}
              Admins: {Type: Signature, Rule: "OR('Org1MSP.admin')"}
        """.formatted(name, orgMsp) + extra;
  }

  @Test
  @Tag("ENCODE-07")
  void v25PrintOrgAlwaysPrintsTheOrdererForm() throws Exception {
    String text = "Organizations:\n"
        + org("Peer", "    AnchorPeers: [{Host: p, Port: 7051}]\n")
        + org("Ord", "    OrdererEndpoints: [o1:7050]\n")
        + "Capabilities:\n  Channel: {V3_0: true}\n";
    TopLevel v25 = read(text, V25);
    TopLevel v30 = read(text, V30);

    OrgGroup peer25 = OrgGroups.printOrg(v25, "Peer", V25);
    assertThat(peer25.kind()).isEqualTo(OrgGroup.Kind.ORDERER);
    assertThat(peer25.group().getValuesMap()).containsOnlyKeys("MSP");
    OrgGroup peer30 = OrgGroups.printOrg(v30, "Peer", V30);
    assertThat(peer30.kind()).isEqualTo(OrgGroup.Kind.APPLICATION);
    assertThat(peer30.group().getValuesMap()).containsOnlyKeys("MSP", "AnchorPeers");
    // Apart from the anchor peers, the groups are the same bytes.
    ConfigGroup withoutAnchors = peer30.group().toBuilder().removeValues("AnchorPeers").build();
    assertThat(peer25.group().toByteString()).isEqualTo(withoutAnchors.toByteString());

    OrgGroup ord25 = OrgGroups.printOrg(v25, "Ord", V25);
    assertThat(ord25).isEqualTo(OrgGroups.printOrg(v30, "Ord", V30));
    assertThat(OrdererAddresses.parseFrom(ord25.group().getValuesOrThrow("Endpoints").getValue())
        .getAddressesList()).containsExactly("o1:7050");
    assertThat(OrgGroups.printOrg(v30, "Peer")).isEqualTo(peer30);
  }

  @Test
  @Tag("ENCODE-04")
  void v25NeverRequiresOrdererEndpoints() throws Exception {
    TopLevel top = read("Organizations:\n" + org("Ord", ""), V25);
    Organization ord = top.organization("Ord").orElseThrow();
    ConfigtxException e = assertThrows(ConfigtxException.class,
        () -> OrgGroups.orderer(ord, Set.of("V3_0"), V30));
    assertThat(e.rule()).isEqualTo("ENCODE-04");
    ConfigGroup g = OrgGroups.orderer(ord, Set.of("V3_0"), V25).group();
    assertThat(g.getValuesMap()).containsOnlyKeys("MSP");
    assertThat(g).isEqualTo(OrgGroups.orderer(ord, Set.of("V2_0"), V30).group());
  }
}
