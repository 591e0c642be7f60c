package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code msp configtx check-update}: verdict, report, lock-out guard and exit statuses. */
class CheckUpdateCommandTest {
  @TempDir static Path tmp;
  static GeneratedOrg org1;
  static Config config;
  static Path block;

  @BeforeAll
  static void generate() throws Exception {
    GeneratedTree tree = CryptoTree.fromYaml("""
        Seed: CheckUpdateCommandTest
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
            Template: {Count: 1}
            Users: {Count: 1}
        """).generate(tmp.resolve("tree"));
    org1 = tree.org("org1.example.com");
    config = ConfigFixture.builder()
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(tree.org("example.com"), "OrdererMSP"))
        .build();
    block = tmp.resolve("current.block");
    Files.write(block, ConfigFixture.block("mychannel", config));
  }

  /** An update adding an intermediate CA to Org1 (whose root issued everyone), signed by its admin. */
  static Path intermediateUpdate(String name, boolean signed) throws Exception {
    ConfigGroup root = config.getChannelGroup();
    ConfigGroup app = root.getGroupsOrThrow("Application");
    ConfigGroup g = app.getGroupsOrThrow("Org1");
    MSPConfig msp = MSPConfig.parseFrom(g.getValuesOrThrow("MSP").getValue());
    var ica = CertificateBuilder.create(DeterministicRandom.fromSeed("ica"))
        .subject("CN=ica9.org1.example.com,O=org1.example.com")
        .issuer(org1.rootCa().certificate()).ca()
        .validity(Instant.parse("2024-06-02T00:00:00Z"), Instant.parse("2034-06-01T00:00:00Z"))
        .build();
    FabricMSPConfig f = FabricMSPConfig.parseFrom(msp.getConfig()).toBuilder()
        .addIntermediateCerts(ByteString.copyFrom(ica.pem(), StandardCharsets.UTF_8)).build();
    ConfigValue v = g.getValuesOrThrow("MSP").toBuilder().setValue(msp.toBuilder()
        .setConfig(f.toByteString()).build().toByteString()).build();
    Config next = config.toBuilder().setChannelGroup(root.toBuilder().putGroups("Application",
        app.toBuilder().putGroups("Org1", g.toBuilder().putValues("MSP", v).build()).build()))
        .build();
    var env = ConfigUpdates.envelope(ConfigUpdates.compute(config, next, "mychannel"));
    if (signed) {
      var local = MspFolders.readLocal(org1.admin().mspDir(), "Org1MSP");
      var admin = X509Msps.setup(local.mspConfig(), MspVersion.V3_0,
          SetupOptions.defaults().withKeyStore(local.keyStore())).defaultSigningIdentity();
      env = ConfigUpdates.sign(ConfigUpdateRequest.parse(env.toByteArray()), admin,
          new SecureRandom(), Clock.systemUTC());
    }
    Path p = tmp.resolve(name);
    Files.write(p, env.toByteArray());
    return p;
  }

  @Test
  @Tag("CONFIGTX-UPDATE-08")
  void unsignedUpdateIsRejectedNamingThePolicyAndExitsOne() throws Exception {
    CliRun c = CliRun.of("configtx", "check-update", "--block", block.toString(), "--envelope",
        intermediateUpdate("unsigned.pb", false).toString(), "--json");
    assertThat(c.status()).isEqualTo(1);
    assertThat(c.out()).contains("\"accepted\":false", "\"stage\":\"authorization\"",
        "\"rule\":\"CONFIGTX-UPDATE-08\"", "\"path\":\"/Channel/Application/Org1/MSP\"",
        "\"mod_policy\":\"Admins\"", "\"satisfied\":false", "Org1MSP.admin");
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  void lockOutIsRefusedUnlessAllowedAndNeverChangesTheVerdict() throws Exception {
    Path signed = intermediateUpdate("signed.pb", true);
    CliRun refused = CliRun.of("configtx", "check-update", "--block", block.toString(),
        "--envelope", signed.toString(), "--known", org1.dir().resolve("users").toString(),
        "--json");
    assertThat(refused.status()).isEqualTo(1);
    assertThat(refused.out()).contains("\"accepted\":true", "\"stage\":null",
        "\"lockout\":true", "\"org\":\"/Channel/Application/Org1\"", "VALIDATE-04");
    CliRun allowed = CliRun.of("configtx", "check-update", "--block", block.toString(),
        "--envelope", signed.toString(), "--allow-lockout");
    assertThat(allowed.status()).isZero();
    assertThat(allowed.out()).contains("ordering service: ACCEPTED", "LOCK-OUT (allowed)");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-01")
  void unusableInputsExitTwoWithARuleAndNoStackTrace() throws Exception {
    Path bad = tmp.resolve("bad.pb");
    Files.write(bad, new byte[] {0x0a, 0x50, 0x01, 0x02});
    CliRun c = CliRun.of("configtx", "check-update", "--block", block.toString(), "--envelope",
        bad.toString(), "--json");
    assertThat(c.status()).isEqualTo(2);
    assertThat(c.out()).contains("\"accepted\":false", "\"rule\":\"CONFIGTX-UPDATE-01\"");
    assertThat(c.out() + c.err()).doesNotContain("Exception", "\tat ");
    CliRun badBlock = CliRun.of("configtx", "check-update", "--block", bad.toString(),
        "--envelope", bad.toString());
    assertThat(badBlock.status()).isEqualTo(2);
    assertThat(CliRun.of("configtx", "check-update", "--block", block.toString()).status())
        .isEqualTo(3);
  }
}
