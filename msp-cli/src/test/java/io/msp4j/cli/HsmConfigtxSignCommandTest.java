package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.pkcs11.SoftHsm;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.peer.AnchorPeer;
import org.hyperledger.fabric.protos.peer.AnchorPeers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An org admin whose key lives only on a SoftHSM2 token signs a config update with {@code msp
 * configtx sign --bccsp}, and {@code msp configtx check-update} judges the result: accepted for the
 * admin, rejected for a member who is not one. The keys are put on the token as Fabric's KeyGen or
 * an import leaves them (CKA_ID = SKI, CKA_LABEL = hex SKI, no certificate object) and removed from
 * the folders' {@code keystore/}.
 */
class HsmConfigtxSignCommandTest {
  @TempDir static Path tree;
  static GeneratedOrg org1;
  static Path block;
  static Path update;

  @TempDir Path dir;
  private SoftHsm hsm;

  @BeforeAll
  static void channel() throws Exception {
    GeneratedTree t = CryptoTree.fromYaml("""
        Seed: HsmConfigtxSignCommandTest
        Now: 2024-06-01T00:00:00Z
        OrdererOrgs:
          - Name: Orderer
            Domain: example.com
            EnableNodeOUs: true
            Specs:
              - Hostname: orderer
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
            Users: {Count: 1}
        """).generate(tree.resolve("tree"));
    org1 = t.org("org1.example.com");
    Config config = ConfigFixture.builder()
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(t.org("example.com"), "OrdererMSP"))
        .build();
    block = Files.write(tree.resolve("current.block"), ConfigFixture.block("mychannel", config));
    update = Files.write(tree.resolve("update.pb"),
        ConfigUpdates.envelope(ConfigUpdates.compute(config, withAnchorPeerMoved(config), "mychannel"))
            .toByteArray());
  }

  /** The config with Org1's anchor peer moved to another port: a value Org1's Admins decide on. */
  private static Config withAnchorPeerMoved(Config config) {
    ConfigGroup root = config.getChannelGroup();
    ConfigGroup app = root.getGroupsOrThrow("Application");
    ConfigGroup org = app.getGroupsOrThrow("Org1");
    ConfigValue moved = org.getValuesOrThrow("AnchorPeers").toBuilder().setValue(AnchorPeers.newBuilder()
        .addAnchorPeers(AnchorPeer.newBuilder().setHost("peer0.org1.example.com").setPort(9051)).build()
        .toByteString()).build();
    return config.toBuilder().setChannelGroup(root.toBuilder().putGroups("Application",
        app.toBuilder().putGroups("Org1", org.toBuilder().putValues("AnchorPeers", moved).build()).build()))
        .build();
  }

  @BeforeEach
  void token() throws Exception {
    hsm = SoftHsm.in(dir).initToken(HsmFiles.LABEL);
  }

  private CliRun sign(Path msp, Path out, String... bccsp) {
    String[] base = {"configtx", "sign", "--envelope", update.toString(), "--msp-dir", msp.toString(),
        "--msp-id", "Org1MSP", "--output", out.toString()};
    String[] args = Arrays.copyOf(base, base.length + bccsp.length);
    System.arraycopy(bccsp, 0, args, base.length, bccsp.length);
    return CliRun.of(args);
  }

  private static CliRun check(Path signed) {
    return CliRun.of("configtx", "check-update", "--block", block.toString(), "--envelope", signed.toString(),
        "--json");
  }

  @Test
  @Tag("P11-02")
  @Tag("P11-03")
  @Tag("P11-04")
  void anUpdateSignedByTheAdminsTokenKeyIsAccepted() throws Exception {
    Path msp = HsmFiles.onTokenOnly(hsm, dir, org1.admin());
    Path signed = dir.resolve("signed.pb");

    CliRun withoutToken = sign(msp, signed);
    assertThat(withoutToken.status()).as("the folder alone holds no key").isNotZero();
    assertThat(signed).doesNotExist();

    CliRun run = sign(msp, signed, "--bccsp", HsmFiles.coreYaml(hsm, dir).toString());
    assertThat(run.status()).as(run.err()).isZero();
    assertThat(run.out()).contains("signature 0 by Org1MSP");
    assertThat(run.out() + run.err()).doesNotContain(SoftHsm.USER_PIN);

    CliRun verdict = check(signed);
    assertThat(verdict.status()).as(verdict.out() + verdict.err()).isZero();
    assertThat(verdict.out()).contains("\"accepted\":true", "\"stage\":null");
    // Unsigned, the same update is refused: the token's signature is what carried it.
    assertThat(check(update).status()).isEqualTo(1);
  }

  @Test
  @Tag("P11-02")
  @Tag("P11-04")
  @Tag("CONFIGTX-UPDATE-08")
  void theSameUpdateSignedByAMembersTokenKeyIsRejected() throws Exception {
    Path msp = HsmFiles.onTokenOnly(hsm, dir, org1.identity("User1"));
    Path signed = dir.resolve("signed.pb");
    CliRun run = sign(msp, signed, "--bccsp", HsmFiles.coreYaml(hsm, dir).toString());
    assertThat(run.status()).as(run.err()).isZero();

    CliRun verdict = check(signed);
    assertThat(verdict.status()).isEqualTo(1);
    assertThat(verdict.out()).contains("\"accepted\":false", "\"stage\":\"authorization\"",
        "\"rule\":\"CONFIGTX-UPDATE-08\"", "\"path\":\"/Channel/Application/Org1/AnchorPeers\"",
        "\"satisfied\":false", "Org1MSP.admin");
  }
}
