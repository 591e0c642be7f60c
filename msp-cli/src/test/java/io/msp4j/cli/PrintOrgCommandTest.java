package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.cryptogen.CryptoTree;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code msp configtx print-org}: output, exit statuses and one-line errors. */
class PrintOrgCommandTest {

  @TempDir static Path dir;

  @BeforeAll
  static void write() throws Exception {
    CryptoTree.fromYaml("""
        Seed: print-org
        Now: 2025-01-01T00:00:00Z
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
        """).generate(dir.resolve("crypto"));
    Files.writeString(dir.resolve("configtx.yaml"), """
        Organizations:
          - &Org1
            Name: Org1
            ID: Org1MSP
            MSPDir: crypto/peerOrganizations/org1.example.com/msp
            Policies: &Org1Policies
              Readers: {Type: Signature, Rule: "OR('Org1MSP.member')"}
              Writers: {Type: Signature, Rule: "OR('Org1MSP.member')"}
              Admins: {Type: Signature, Rule: "OR('Org1MSP.admin')"}
            AnchorPeers: [{Host: peer0.org1.example.com, Port: 7051}]
          - <<: *Org1
            Name: Typo
            Policies:
              <<: *Org1Policies
              Admins: {Type: Signature, Rule: "OR('Org1MSP.admin'"}
          - <<: *Org1
            Name: Lost
            MSPDir: nowhere
        """);
  }

  @Test
  @Tag("ENCODE-07")
  void printsTheGroupAsJson() {
    CliRun r = CliRun.of("configtx", "print-org", "--configtx", dir.toString(), "--org", "Org1");
    assertThat(r.status()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).startsWith("{\n\t\"groups\": {},\n").endsWith("}\n")
        .contains("\"AnchorPeers\": {", "\"host\": \"peer0.org1.example.com\"", "\"MSP\": {");
  }

  @Test
  @Tag("ENCODE-03")
  void badPolicyIsOneLineAndStatusTwo() {
    CliRun r = CliRun.of("configtx", "print-org", "--configtx",
        dir.resolve("configtx.yaml").toString(), "--org", "Typo");
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().strip()).doesNotContain("\n")
        .startsWith("msp configtx print-org: ").contains("policy Admins", "[ENCODE-03]");
  }

  @Test
  @Tag("ENCODE-02")
  void missingFolderAndUnknownOrgAreStatusTwo() {
    CliRun lost = CliRun.of("configtx", "print-org", "--configtx", dir.toString(), "--org", "Lost");
    assertThat(lost.status()).isEqualTo(2);
    assertThat(lost.err()).contains("nowhere", "[ENCODE-02]");
    CliRun unknown = CliRun.of("configtx", "print-org", "--configtx", dir.toString(), "--org", "X");
    assertThat(unknown.status()).isEqualTo(2);
    assertThat(unknown.err()).contains("\"X\" not found");
    CliRun noFile = CliRun.of("configtx", "print-org", "--configtx",
        dir.resolve("none.yaml").toString(), "--org", "X");
    assertThat(noFile.status()).isEqualTo(2);
    assertThat(noFile.err()).contains("none.yaml: no such file");
  }

  @Test
  @Tag("DELTA25-07")
  void fabricRelease25PrintsTheOrdererFormAndRefusesBft() throws Exception {
    CliRun v25 = CliRun.of("configtx", "print-org", "--configtx", dir.toString(), "--org", "Org1",
        "--fabric-release", "2.5");
    assertThat(v25.status()).isZero();
    assertThat(v25.out()).contains("\"MSP\": {").doesNotContain("AnchorPeers");
    CliRun v30 = CliRun.of("configtx", "print-org", "--configtx", dir.toString(), "--org", "Org1",
        "--fabric-release", "3.0");
    assertThat(v30.out()).isEqualTo(
        CliRun.of("configtx", "print-org", "--configtx", dir.toString(), "--org", "Org1").out());
    assertThat(v30.out()).contains("AnchorPeers");

    Path bft = dir.resolve("bft");
    Files.createDirectories(bft);
    Files.writeString(bft.resolve("configtx.yaml"),
        Files.readString(dir.resolve("configtx.yaml"))
            .replace("crypto/", "../crypto/")
            + "Orderer:\n  OrdererType: BFT\n");
    CliRun refused = CliRun.of("configtx", "print-org", "--configtx", bft.toString(), "--org",
        "Org1", "--fabric-release", "2.5");
    assertThat(refused.status()).isEqualTo(2);
    assertThat(refused.err()).contains("unknown orderer type: BFT", "[DELTA25-07]");
    CliRun noConsenters = CliRun.of("configtx", "print-org", "--configtx", bft.toString(), "--org",
        "Org1", "--fabric-release", "3.0");
    assertThat(noConsenters.status()).isEqualTo(2);
    assertThat(noConsenters.err()).contains("did not specify any consenter");
  }

  @Test
  void missingOptionIsAUsageError() {
    assertThat(CliRun.of("configtx", "print-org", "--org", "Org1").status()).isEqualTo(3);
    assertThat(CliRun.of("configtx", "nope").status()).isEqualTo(3);
  }
}
