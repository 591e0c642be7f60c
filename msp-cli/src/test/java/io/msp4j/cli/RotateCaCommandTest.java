package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hyperledger.fabric.protos.common.Config;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code msp configtx rotate-ca}: the plan written as files, the two-run operator flow (add, then
 * retire after re-issue), refusals, exit statuses; every step accepted by {@code check-update}
 * once signed with {@code configtx sign}.
 */
class RotateCaCommandTest {
  @TempDir static Path tmp;
  static GeneratedOrg oldOrg;
  static GeneratedOrg newOrg;
  static Path block;

  static GeneratedTree tree(Path dir, String seed, String ca) {
    return CryptoTree.fromYaml("""
        Seed: %s
        Now: 2024-06-01T00:00:00Z
        OrdererOrgs:
          - Name: Orderer
            Domain: example.com
            EnableNodeOUs: true
            Specs: [{Hostname: orderer}]
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
            CA: {Hostname: %s}
            Template: {Count: 1}
            Users: {Count: 1}
        """.formatted(seed, ca)).generate(dir);
  }

  @BeforeAll
  static void generate() throws Exception {
    GeneratedTree old = tree(tmp.resolve("old"), "RotateCaCommandTest-old", "ca");
    oldOrg = old.org("org1.example.com");
    newOrg = tree(tmp.resolve("new"), "RotateCaCommandTest-new", "ca2").org("org1.example.com");
    Config config = ConfigFixture.builder()
        .applicationOrg("Org1", ConfigFixture.msp(oldOrg, "Org1MSP"))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(old.org("example.com"), "OrdererMSP"))
        .build();
    block = tmp.resolve("current.block");
    Files.write(block, ConfigFixture.block("mychannel", config));
  }

  /** A step signed by an admin's local MSP, then judged by check-update against a block. */
  static CliRun signAndCheck(Path blockFile, Path step, Path adminMsp, Path known) {
    Path signed = step.resolveSibling(step.getFileName() + ".signed");
    CliRun s = CliRun.of("configtx", "sign", "--envelope", step.toString(), "--msp-dir",
        adminMsp.toString(), "--msp-id", "Org1MSP", "--output", signed.toString());
    assertThat(s.status()).as(s.err()).isZero();
    return CliRun.of("configtx", "check-update", "--block", blockFile.toString(), "--envelope",
        signed.toString(), "--known", known.toString(), "--json");
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  @Tag("NODEOU-05")
  void addThenRetireInTwoRunsEachStepAcceptedByCheckUpdate() throws Exception {
    Path newRoot = newOrg.rootCa().certFile();
    Path plan1 = tmp.resolve("plan1");
    CliRun add = CliRun.of("configtx", "rotate-ca", "--block", block.toString(), "--org",
        "Org1MSP", "--new-root", newRoot.toString(), "--identities", oldOrg.dir().toString(),
        "--output", plan1.toString());
    assertThat(add.status()).as(add.err()).isZero();
    assertThat(plan1.resolve("01-add.pb")).exists();
    assertThat(plan1.resolve("plan.json")).exists();
    assertThat(Files.readString(plan1.resolve("plan.txt"))).isEqualTo(add.out());
    assertThat(add.out()).contains("01-add.pb").contains("root CA added")
        .contains("/Channel/Application/Org1/Admins").contains("run rotate-ca again");

    CliRun check1 = signAndCheck(block, plan1.resolve("01-add.pb"),
        oldOrg.admin().mspDir(), oldOrg.dir());
    assertThat(check1.status()).as(check1.out()).isZero();
    JsonObject r1 = JsonParser.parseString(check1.out()).getAsJsonObject();
    assertThat(r1.get("accepted").getAsBoolean()).isTrue();
    assertThat(r1.get("lockout").getAsBoolean()).isFalse();

    // The block after the add step, as the plan computed it.
    JsonObject p1 = JsonParser.parseString(Files.readString(plan1.resolve("plan.json")))
        .getAsJsonObject();
    assertThat(p1.get("complete").getAsBoolean()).isTrue();
    JsonObject step1 = p1.getAsJsonArray("steps").get(0).getAsJsonObject();
    assertThat(step1.get("check").getAsJsonObject().get("accepted").getAsBoolean()).isTrue();
    Path afterAdd = plan1.resolve("after-01-add.block");
    assertThat(step1.get("after_block").getAsString()).isEqualTo("after-01-add.block");
    assertThat(io.msp4j.channel.Channel.load(Files.readAllBytes(afterAdd)).sequence())
        .isEqualTo(1);

    // Before re-issue: the retire is refused, exit 1, nothing written for it.
    Path early = tmp.resolve("early");
    CliRun refused = CliRun.of("configtx", "rotate-ca", "--block", afterAdd.toString(), "--org",
        "Org1MSP", "--retire", oldOrg.rootCa().certFile().toString(), "--identities",
        oldOrg.dir().toString(), "--output", early.toString(), "--json");
    assertThat(refused.status()).isEqualTo(1);
    JsonObject rj = JsonParser.parseString(refused.out()).getAsJsonObject();
    assertThat(rj.get("complete").getAsBoolean()).isFalse();
    JsonArray refusals = rj.getAsJsonArray("refusals");
    assertThat(refusals.get(0).getAsJsonObject().get("step").getAsString()).isEqualTo("retire");
    assertThat(refusals.get(0).getAsJsonObject().getAsJsonArray("items").toString())
        .contains("Admin@org1.example.com").contains("role admin");
    assertThat(early.resolve("01-retire.pb")).doesNotExist();

    // After re-issue: the retire step, accepted when the new admin signs it.
    Path plan2 = tmp.resolve("plan2");
    CliRun retire = CliRun.of("configtx", "rotate-ca", "--block", afterAdd.toString(), "--org",
        "Org1MSP", "--new-root", newRoot.toString(), "--retire",
        oldOrg.rootCa().certFile().toString(), "--identities", oldOrg.dir().toString(),
        "--identities", newOrg.dir().toString(), "--pin-node-ous", "--output", plan2.toString());
    assertThat(retire.status()).as(retire.out() + retire.err()).isZero();
    assertThat(retire.out()).contains("01-retire.pb").contains("root CA retired")
        .contains("pinned to");
    CliRun check2 = signAndCheck(afterAdd, plan2.resolve("01-retire.pb"),
        newOrg.admin().mspDir(), newOrg.dir());
    assertThat(check2.status()).as(check2.out()).isZero();
  }

  @Test
  void inputsThatCannotBeUsedExitTwoAndUsageExitsThree() {
    CliRun unknown = CliRun.of("configtx", "rotate-ca", "--block", block.toString(), "--org",
        "Org9MSP", "--new-root", newOrg.rootCa().certFile().toString(), "--output",
        tmp.resolve("x").toString());
    assertThat(unknown.status()).isEqualTo(2);
    assertThat(unknown.err()).contains("[CHANNEL-MSP-01]").contains("Org1MSP");
    CliRun nothing = CliRun.of("configtx", "rotate-ca", "--block", block.toString(), "--org",
        "Org1MSP", "--output", tmp.resolve("y").toString());
    assertThat(nothing.status()).isEqualTo(3);
    CliRun leaf = CliRun.of("configtx", "rotate-ca", "--block", block.toString(), "--org",
        "Org1MSP", "--new-root", newOrg.admin().signCertFile().toString(), "--output",
        tmp.resolve("z").toString());
    assertThat(leaf.status()).isEqualTo(2);
    assertThat(leaf.err()).contains("[SETUP-CAFIN-01]").contains("Admin@org1.example.com");
  }
}
