package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.TestOrgs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code msp validate --block}: the same verdicts and statuses as with {@code --msp-dir}. */
class ValidateBlockCommandTest {
  @TempDir static Path tmp;
  static TestOrgs orgs;
  static Path v3Block;
  static Path peer1;
  static Path admin1;
  static Path peer2;

  @BeforeAll
  static void generate() throws Exception {
    orgs = new TestOrgs(tmp.resolve("crypto"));
    v3Block = write("v3.block", ConfigFixture.block("mychannel", orgs.standard().build()));
    peer1 = orgs.org1.identity("peer0").signCertFile();
    admin1 = orgs.org1.admin().signCertFile();
    peer2 = orgs.org2.identity("peer0").signCertFile();
  }

  private static Path write(String name, byte[] bytes) throws Exception {
    return Files.write(tmp.resolve(name), bytes);
  }

  @Test
  @Tag("CHANNEL-MSP-01")
  void identitiesAreJudgedByTheirOrgMspInTheBlockAsWithTheFolder() {
    CliRun block = CliRun.of("validate", "--json", "--block", v3Block.toString(), "--msp-id", "Org1MSP",
        peer1.toString(), admin1.toString(), peer2.toString());
    CliRun folder = CliRun.of("validate", "--json", "--msp-dir", orgs.org1.mspDir().toString(), "--msp-id", "Org1MSP",
        peer1.toString(), admin1.toString(), peer2.toString());
    assertThat(block.status()).isEqualTo(1).isEqualTo(folder.status());
    assertThat(block.out()).isEqualTo(folder.out());
    assertThat(block.out().lines().toList()).hasSize(3);
    assertThat(block.out().lines().toList().get(0)).contains("\"valid\":true", "\"peer\":true");
    assertThat(block.out().lines().toList().get(1)).contains("\"valid\":true", "\"admin\":true");
    assertThat(block.out().lines().toList().get(2)).contains("\"valid\":false", "\"rule\":\"SANITIZE-03\"");
  }

  @Test
  @Tag("VER-02")
  void theMspVersionComesFromTheBlockCapabilities() throws Exception {
    // At 1.3 NodeOUs know only client and peer, so the orderer is invalid; at 3.0 it is an orderer.
    Path ordererCert = orgs.orderer.identity("orderer").signCertFile();
    Path v13 = write("v13.block", ConfigFixture.block("mychannel", ConfigFixture.builder()
        .channelCapabilities("V1_4_2").applicationOrg("Org1", orgs.org1Msp)
        .ordererOrg("OrdererOrg", orgs.ordererMsp).build()));
    CliRun at13 = CliRun.of("validate", "--json", "--block", v13.toString(), "--msp-id", "OrdererMSP", ordererCert.toString());
    CliRun at30 = CliRun.of("validate", "--json", "--block", v3Block.toString(), "--msp-id", "OrdererMSP", ordererCert.toString());
    assertThat(at13.status()).isEqualTo(1);
    assertThat(at13.out()).contains("\"valid\":false", "\"orderer\":false");
    assertThat(at30.status()).isZero();
    assertThat(at30.out()).contains("\"orderer\":true");
    CliRun folder13 = CliRun.of("validate", "--json", "--msp-dir", orgs.orderer.mspDir().toString(), "--msp-id", "OrdererMSP",
        "--msp-version", "1.3", ordererCert.toString());
    assertThat(at13.out()).isEqualTo(folder13.out());
  }

  @Test
  @Tag("CHANNEL-MSP-01")
  void anMspIdTheBlockLacksExitsTwoListingTheIdsPresent() {
    CliRun r = CliRun.of("validate", "--block", v3Block.toString(), "--msp-id", "Org9MSP", peer1.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).contains("'Org9MSP'", "Org1MSP", "Org2MSP", "OrdererMSP").doesNotContain("Exception");
    CliRun json = CliRun.of("validate", "--json", "--block", v3Block.toString(), "--msp-id", "Org9MSP", peer1.toString());
    assertThat(json.status()).isEqualTo(2);
    assertThat(json.out()).startsWith("{\"setup_error\":").contains("\"reason\":\"UNKNOWN_MSP\"");
  }

  @Test
  @Tag("PROTO-07")
  void aBlockThatCannotBeUsedExitsTwo() throws Exception {
    byte[] good = Files.readAllBytes(v3Block);
    Path truncated = write("truncated.block", Arrays.copyOf(good, good.length / 2));
    Path tx = write("tx.block", ConfigFixture.block("mychannel", orgs.standard().build(), HeaderType.ENDORSER_TRANSACTION));
    ConfigGroup subGroup = ConfigGroup.newBuilder().putGroups("Nested", ConfigGroup.getDefaultInstance()).build();
    Config bad = orgs.standard().applicationOrgGroup("Org2", subGroup).build();
    Path badOrg = write("bad-org.block", ConfigFixture.block("mychannel", bad));
    for (Path p : new Path[] {truncated, tx, badOrg, tmp.resolve("missing.block")}) {
      CliRun json = CliRun.of("validate", "--json", "--block", p.toString(), "--msp-id", "Org1MSP", peer1.toString());
      assertThat(json.status()).as(p.toString()).isEqualTo(2);
      assertThat(json.out()).startsWith("{\"setup_error\":\"" + p).contains("\"reason\":", "\"rule\":");
      CliRun text = CliRun.of("validate", "--block", p.toString(), "--msp-id", "Org1MSP", peer1.toString());
      assertThat(text.status()).isEqualTo(2);
      assertThat(text.err()).startsWith("channel config cannot be used [").doesNotContain("Exception");
    }
    assertThat(CliRun.of("validate", "--json", "--block", tx.toString(), "--msp-id", "Org1MSP", peer1.toString()).out())
        .contains("NOT_A_CONFIG_BLOCK", "ENDORSER_TRANSACTION");
    assertThat(CliRun.of("validate", "--json", "--block", badOrg.toString(), "--msp-id", "Org1MSP", peer1.toString()).out())
        .contains("/Channel/Application/Org2", "CHANNEL-MSP-02");
  }

  @Test
  void blockAndFolderOptionsAreUsedAsTheContractSays() {
    CliRun both = CliRun.of("validate", "--block", v3Block.toString(), "--msp-dir", orgs.org1.mspDir().toString(),
        "--msp-id", "Org1MSP", peer1.toString());
    assertThat(both.status()).isEqualTo(3);
    assertThat(both.err()).contains("mutually exclusive");
    CliRun neither = CliRun.of("validate", "--msp-id", "Org1MSP", peer1.toString());
    assertThat(neither.status()).isEqualTo(3);
    for (String[] extra : new String[][] {{"--msp-version", "1.4.3"}, {"--local"}}) {
      String[] args = new String[] {"validate", "--block", v3Block.toString(), "--msp-id", "Org1MSP", extra[0]};
      if (extra.length > 1) {
        args = Arrays.copyOf(args, args.length + 1);
        args[args.length - 1] = extra[1];
      }
      args = Arrays.copyOf(args, args.length + 1);
      args[args.length - 1] = peer1.toString();
      CliRun r = CliRun.of(args);
      assertThat(r.status()).as(String.join(" ", extra)).isEqualTo(3);
      assertThat(r.err()).contains("go with --msp-dir, not with --block");
    }
  }
}
