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
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msps;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.hyperledger.fabric.protos.common.Config;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --fabric-release 2.5|3.0} on every command that sets up MSPs or loads channels: the same
 * inputs, judged as each release judges them (DELTA25 rules); 3.0 is the default.
 */
class FabricReleaseOptionTest {
  static final String CHANNEL = "mychannel";
  @TempDir static Path tmp;
  static GeneratedOrg org1;
  static GeneratedIdentity user1;
  /** Org1's folder (no NodeOUs): its admin is Admin@org1. */
  static Path org1Msp;
  /** Org1's folder with an RSA admin certificate added to admincerts. */
  static Path rsaAdminMsp;
  static Path rsaAdmin;
  static Path rsaUser;
  static Path user1Cert;
  /** V2_0 channels with Org1's folder as it is, and with the RSA admin; a V3_0 channel. */
  static Path block20;
  static Path block20rsa;
  static Path block30;
  /** The update from block20 to block20rsa, signed by Org1's admin. */
  static Path rsaAdminUpdate;

  @BeforeAll
  static void generate() throws Exception {
    GeneratedTree tree = CryptoTree.fromYaml("""
        Seed: FabricReleaseOptionTest
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
            EnableNodeOUs: false
            Template: {Count: 1}
            Users: {Count: 1}
        """).generate(tmp.resolve("tree"));
    org1 = tree.org("org1.example.com");
    user1 = org1.identity("User1");
    user1Cert = user1.signCertFile();
    org1Msp = org1.mspDir();
    IssuedCertificate rsaAdminCert = rsaLeaf("CN=RsaAdmin@org1.example.com,O=org1.example.com", "rsa admin");
    rsaAdmin = write("rsa-admin.pem", rsaAdminCert.pem());
    rsaUser = write("rsa-user.pem", rsaLeaf("CN=RsaUser@org1.example.com,O=org1.example.com", "rsa user").pem());
    rsaAdminMsp = copy(org1Msp, tmp.resolve("rsa-admin-msp"));
    Files.writeString(rsaAdminMsp.resolve("admincerts").resolve("rsa-admin.pem"), rsaAdminCert.pem());

    var orderer = ConfigFixture.msp(tree.org("example.com"), "OrdererMSP");
    Config config20 = ConfigFixture.builder().channelCapabilities("V2_0")
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .ordererOrg("OrdererOrg", orderer).build();
    Config config20rsa = ConfigFixture.builder().channelCapabilities("V2_0")
        .applicationOrg("Org1", MspFolders.readVerifying(rsaAdminMsp, "Org1MSP").mspConfig())
        .ordererOrg("OrdererOrg", orderer).build();
    Config config30 = ConfigFixture.builder().channelCapabilities("V3_0")
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .ordererOrg("OrdererOrg", orderer).build();
    block20 = write("v20.block", ConfigFixture.block(CHANNEL, config20));
    block20rsa = write("v20-rsa.block", ConfigFixture.block(CHANNEL, config20rsa));
    block30 = write("v30.block", ConfigFixture.block(CHANNEL, config30));

    var local = MspFolders.readLocal(org1.admin().mspDir(), "Org1MSP");
    var signer = X509Msps.setup(local.mspConfig(), MspVersion.V1_4_3,
        SetupOptions.defaults().withKeyStore(local.keyStore())).defaultSigningIdentity();
    ConfigUpdateRequest request = ConfigUpdateRequest.parse(ConfigUpdates.envelope(
        ConfigUpdates.compute(config20, config20rsa, CHANNEL)).toByteArray());
    rsaAdminUpdate = write("rsa-admin.update",
        ConfigUpdates.sign(request, signer, new SecureRandom(), Clock.systemUTC()).toByteArray());
  }

  static IssuedCertificate rsaLeaf(String dn, String seed) {
    return CertificateBuilder.create(DeterministicRandom.fromSeed(seed)).subject(dn)
        .issuer(org1.rootCa().certificate())
        .validity(Instant.parse("2024-06-02T00:00:00Z"), Instant.parse("2034-06-01T00:00:00Z"))
        .keyAlgorithm(KeyAlgorithm.RSA_2048).leaf().build();
  }

  static Path write(String name, String text) throws IOException {
    return Files.writeString(tmp.resolve(name), text);
  }

  static Path write(String name, byte[] bytes) throws IOException {
    return Files.write(tmp.resolve(name), bytes);
  }

  static Path copy(Path from, Path to) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
    return to;
  }

  /** The command at release {@code r} (null: the option left out). */
  static CliRun at(String r, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    if (r != null) {
      int first = args[0].equals("policy") || args[0].equals("block") || args[0].equals("configtx") ? 2 : 1;
      all.addAll(first, List.of("--fabric-release", r));
    }
    return CliRun.of(all.toArray(String[]::new));
  }

  @Test
  @Tag("DELTA25-02")
  void validateAnRsaLeafFromAFolderOrABlock() {
    String[] folder = {"validate", "--msp-dir", org1Msp.toString(), "--msp-id", "Org1MSP", rsaUser.toString()};
    assertThat(at(null, folder).status()).isEqualTo(ExitCodes.INVALID);
    assertThat(at("3.0", folder).status()).isEqualTo(ExitCodes.INVALID);
    CliRun v25 = at("2.5", folder);
    assertThat(v25.status()).as(v25.err()).isEqualTo(ExitCodes.OK);
    assertThat(v25.out()).contains("valid").contains("roles: member");
    String[] block = {"validate", "--block", block20.toString(), "--msp-id", "Org1MSP", rsaUser.toString()};
    assertThat(at("3.0", block).status()).isEqualTo(ExitCodes.INVALID);
    assertThat(at("2.5", block).status()).isEqualTo(ExitCodes.OK);
  }

  @Test
  @Tag("DELTA25-10")
  void validateWithAnRsaAdminWithoutNodeOus() {
    String[] folder = {"validate", "--msp-dir", rsaAdminMsp.toString(), "--msp-id", "Org1MSP", user1Cert.toString()};
    CliRun v30 = at("3.0", folder);
    assertThat(v30.status()).isEqualTo(ExitCodes.SETUP_FAILED);
    assertThat(v30.err()).contains("RSA");
    assertThat(at("2.5", folder).status()).isEqualTo(ExitCodes.OK);
    String[] block = {"validate", "--block", block20rsa.toString(), "--msp-id", "Org1MSP", user1Cert.toString()};
    assertThat(at("3.0", block).status()).isEqualTo(ExitCodes.SETUP_FAILED);
    assertThat(at("2.5", block).status()).isEqualTo(ExitCodes.OK);
  }

  @ParameterizedTest
  @ValueSource(strings = {"validate", "verify", "inspect", "watch"})
  @Tag("DELTA25-01")
  void mspVersion30WithRelease25IsAUsageError(String command) {
    List<String> args = new ArrayList<>(List.of(command, "--msp-dir", org1Msp.toString(),
        "--msp-id", "Org1MSP", "--msp-version", "3.0", "--fabric-release", "2.5"));
    switch (command) {
      case "validate" -> args.add(user1Cert.toString());
      case "verify" -> args.addAll(List.of("--identity", user1Cert.toString(),
          "--message", user1Cert.toString(), "--signature", user1Cert.toString()));
      default -> { }
    }
    CliRun r = CliRun.of(args.toArray(String[]::new));
    assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).contains("--msp-version 3.0 does not exist in Fabric v2.5").contains("DELTA25-01");
  }

  @Test
  void anUnknownReleaseIsAUsageError() {
    CliRun r = CliRun.of("validate", "--msp-dir", org1Msp.toString(), "--msp-id", "Org1MSP",
        "--fabric-release", "2.2", user1Cert.toString());
    assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).contains("unsupported Fabric release '2.2'").contains("3.1.5");
  }

  @Test
  @Tag("DELTA25-01")
  @Tag("DELTA25-14")
  void aV30ChannelIsRefusedAtRelease25ByEveryBlockCommand() {
    List<String[]> commands = List.of(
        new String[] {"validate", "--block", block30.toString(), "--msp-id", "Org1MSP", user1Cert.toString()},
        new String[] {"policy", "check", "--block", block30.toString(), "--path", "/Channel/Application/Org1/Admins", user1Cert.toString()},
        new String[] {"block", "check", "--config", block30.toString(), block30.toString()},
        new String[] {"configtx", "check-update", "--block", block30.toString(), "--envelope", rsaAdminUpdate.toString()},
        new String[] {"inspect", "--block", block30.toString()},
        new String[] {"expiry", "--block", block30.toString()});
    for (String[] c : commands) {
      CliRun v25 = at("2.5", c);
      assertThat(v25.status()).as(String.join(" ", c)).isEqualTo(ExitCodes.SETUP_FAILED);
      assertThat(v25.err() + v25.out()).as(String.join(" ", c))
          .contains("v2.5.16 node refuses the channel's capabilities").contains("DELTA25-01");
      assertThat(at("3.0", c).err()).doesNotContain("refuses the channel's capabilities");
    }
  }

  @Test
  @Tag("DELTA25-10")
  void verifyWithAnRsaAdminWithoutNodeOus() throws Exception {
    byte[] message = "hello".getBytes(StandardCharsets.UTF_8);
    Path msg = write("hello.txt", message);
    Path sig = write("hello.sig", ConfigFixture.sign(user1, "Org1MSP", message));
    String[] verify = {"verify", "--msp-dir", rsaAdminMsp.toString(), "--msp-id", "Org1MSP",
        "--identity", user1Cert.toString(), "--message", msg.toString(), "--signature", sig.toString()};
    assertThat(at(null, verify).status()).isEqualTo(ExitCodes.SETUP_FAILED);
    CliRun v25 = at("2.5", verify);
    assertThat(v25.status()).as(v25.err()).isEqualTo(ExitCodes.OK);
    assertThat(v25.out()).contains("signature verified");
  }

  @Test
  @Tag("DELTA25-10")
  void policyCheckAndBlockCheckWithAnRsaAdminWithoutNodeOus() {
    String[] policy = {"policy", "check", "--block", block20rsa.toString(), "--path",
        "/Channel/Application/Org1/Admins", rsaAdmin.toString()};
    assertThat(at("3.0", policy).status()).isEqualTo(ExitCodes.SETUP_FAILED);
    CliRun v25 = at("2.5", policy);
    assertThat(v25.status()).as(v25.err() + v25.out()).isEqualTo(ExitCodes.OK);
    String[] block = {"block", "check", "--config", block20rsa.toString(), block20rsa.toString()};
    CliRun b30 = at("3.0", block);
    assertThat(b30.status()).isEqualTo(ExitCodes.SETUP_FAILED);
    assertThat(b30.err()).contains("channel config cannot be used");
    CliRun b25 = at("2.5", block);
    assertThat(b25.status()).isNotEqualTo(ExitCodes.SETUP_FAILED);
    assertThat(b25.err()).doesNotContain("channel config cannot be used");
  }

  @Test
  @Tag("DELTA25-10")
  void checkUpdateAddingAnRsaAdminToAnOrgWithoutNodeOus() {
    String[] check = {"configtx", "check-update", "--block", block20.toString(), "--envelope",
        rsaAdminUpdate.toString(), "--json"};
    CliRun v25 = at("2.5", check);
    assertThat(v25.status()).as(v25.out()).isEqualTo(ExitCodes.OK);
    assertThat(v25.out()).contains("\"accepted\":true");
    CliRun v30 = at("3.0", check);
    assertThat(v30.status()).isEqualTo(ExitCodes.INVALID);
    assertThat(v30.out()).contains("\"accepted\":false").contains("\"stage\":\"new-config\"");
    assertThat(at(null, check).out()).isEqualTo(v30.out());
  }

  @Test
  @Tag("DELTA25-10")
  void inspectAndExpiryWithAnRsaAdminWithoutNodeOus() {
    String[] inspect = {"inspect", "--msp-dir", rsaAdminMsp.toString(), "--msp-id", "Org1MSP"};
    assertThat(at("3.0", inspect).out()).contains("setup FAILS at MSP version 3.0");
    assertThat(at("2.5", inspect).out()).contains("setup: ok at MSP version 1.4.3");
    String[] expiry = {"expiry", "--block", block20rsa.toString()};
    assertThat(at("3.0", expiry).status()).isEqualTo(ExitCodes.SETUP_FAILED);
    assertThat(at("2.5", expiry).status()).isEqualTo(ExitCodes.OK);
  }

  @ParameterizedTest
  @ValueSource(strings = {"2.5", "3.0"})
  @Tag("DELTA25-10")
  void watchWithAnRsaAdminWithoutNodeOus(String release) throws Exception {
    PipedInputStream in = new PipedInputStream();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    try (PipedOutputStream stdin = new PipedOutputStream(in)) {
      stdin.write((user1Cert + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.close();
      int status = Main.run(in, new PrintWriter(out, true), new PrintWriter(err, true),
          new String[] {"watch", "--msp-dir", rsaAdminMsp.toString(), "--msp-id", "Org1MSP",
              "--settle-ms", "0", "--fabric-release", release});
      assertThat(status).isEqualTo(ExitCodes.OK);
    }
    if (release.equals("2.5")) {
      assertThat(out.toString()).contains("\"valid\":true");
    } else {
      assertThat(out.toString()).doesNotContain("\"valid\":true").contains("RSA");
    }
  }

  @Test
  @Tag("DELTA25-10")
  void inspectListsWhatBreaksOnTheUpgradeForAFolder() {
    CliRun text = CliRun.of("inspect", "--msp-dir", rsaAdminMsp.toString(), "--msp-id", "Org1MSP");
    assertThat(text.status()).isEqualTo(ExitCodes.OK);
    assertThat(text.out()).contains("upgrade from Fabric v2.5.16 to v3.1.5 at MSP version 1.4.3: 1 verdict changes\n"
        + "    setup fails  MSP  [SETUP-POST-01 DELTA25-10] admins[1]");
    CliRun json = CliRun.of("inspect", "--msp-dir", rsaAdminMsp.toString(), "--msp-id", "Org1MSP", "--json");
    var o = com.google.gson.JsonParser.parseString(json.out()).getAsJsonObject();
    var upgrade = o.getAsJsonArray("upgrade");
    assertThat(upgrade).hasSize(1);
    assertThat(upgrade.get(0).getAsJsonObject().get("change").getAsString()).isEqualTo("setup fails");
    assertThat(upgrade.get(0).getAsJsonObject().get("breaks").getAsBoolean()).isTrue();
    assertThat(o.get("upgrade_to").getAsString()).isEqualTo("3.1.5");
    assertThat(upgrade.get(0).getAsJsonObject().get("delta_rule").getAsString()).isEqualTo("DELTA25-10");
    assertThat(upgrade.get(0).getAsJsonObject().get("message").getAsString()).contains("RSA");
    CliRun plain = CliRun.of("inspect", "--msp-dir", org1Msp.toString(), "--msp-id", "Org1MSP");
    assertThat(plain.out()).contains("upgrade from Fabric v2.5.16 to v3.1.5 at MSP version 1.4.3: no verdict changes");
  }

  @Test
  @Tag("DELTA25-10")
  void inspectOfAV25ChannelListsTheOrgsThatBreakOnTheUpgrade() {
    CliRun json = at("2.5", "inspect", "--block", block20rsa.toString(), "--json");
    assertThat(json.status()).as(json.err()).isEqualTo(ExitCodes.OK);
    var msps = com.google.gson.JsonParser.parseString(json.out()).getAsJsonObject().getAsJsonArray("msps");
    for (var m : msps) {
      var org = m.getAsJsonObject();
      var upgrade = org.getAsJsonArray("upgrade");
      if (org.get("msp_id").getAsString().equals("Org1MSP")) {
        assertThat(upgrade).hasSize(1);
        assertThat(upgrade.get(0).getAsJsonObject().get("change").getAsString()).isEqualTo("setup fails");
      } else {
        assertThat(upgrade).isEmpty();
      }
    }
    CliRun text = at("2.5", "inspect", "--block", block20rsa.toString());
    assertThat(text.out()).contains("setup fails  MSP  [SETUP-POST-01 DELTA25-10]");
    CliRun v30 = at("3.0", "inspect", "--block", block30.toString());
    assertThat(v30.out()).contains(
        "upgrade from Fabric v2.5.16 to v3.1.5: not applicable, MSP version 3.0");
    CliRun v3x = at("3.0", "inspect", "--block", block30.toString(), "--upgrade-from", "3.0.0",
        "--upgrade-to", "3.1");
    assertThat(v3x.out()).contains("upgrade from Fabric v3.0.0 to v3.1.5 at MSP version 3.0");
  }

  @Test
  void anUnsupportedReleaseIsAUsageErrorNamingTheSupportedOnes() {
    CliRun old = CliRun.of("inspect", "--msp-dir", org1Msp.toString(), "--msp-id", "Org1MSP",
        "--fabric-release", "2.5.11");
    assertThat(old.status()).isEqualTo(ExitCodes.USAGE);
    assertThat(old.err()).contains("2.5.11").contains("2.5.12").contains("3.1.5");
    CliRun patch = CliRun.of("validate", "--msp-dir", org1Msp.toString(), "--msp-id", "Org1MSP",
        "--fabric-release", "3.1.4", user1Cert.toString());
    assertThat(patch.status()).as(patch.err()).isEqualTo(ExitCodes.OK);
  }
}
