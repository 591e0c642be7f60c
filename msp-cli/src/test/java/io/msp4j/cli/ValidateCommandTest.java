package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code msp validate} contract: output fields and exit statuses. */
class ValidateCommandTest {
  @TempDir Path tmp;

  private final TestPki pki = TestPki.seeded("cli-validate");
  private final IssuedCertificate root = pki.rootCa("C=US,O=Org1,CN=ca.org1");
  private Path msp;
  private Path peer;
  private Path foreign;

  @BeforeEach
  void tree() throws Exception {
    IssuedCertificate admin = pki.leaf("C=US,O=Org1,OU=admin,CN=Admin@org1", root);
    msp = MspFolder.builder().caCert(root).adminCert(admin)
        .configYaml(ConfigYaml.cryptogenNodeOus("cacerts/cacert.pem")).build().writeTo(tmp.resolve("msp"));
    peer = write("peer.pem", pki.leaf("C=US,O=Org1,OU=peer,CN=peer0.org1", root).pem());
    IssuedCertificate otherRoot = pki.rootCa("C=US,O=Other,CN=ca.other");
    foreign = write("foreign.pem", pki.leaf("C=US,O=Other,OU=peer,CN=peer0.other", otherRoot).pem());
  }

  private Path write(String name, String content) throws Exception {
    Path p = tmp.resolve(name);
    Files.writeString(p, content);
    return p;
  }

  @Test
  void validIdentityExitsZeroWithJsonFields() {
    CliRun r = CliRun.of("validate", "--json", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", peer.toString());
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("\"valid\":true", "\"reason\":null", "\"rule\":null",
        "\"subject\":\"CN=peer0.org1,OU=peer,O=Org1,C=US\"", "\"ous\":[{\"ou\":\"peer\",\"certifiers\":\"", "\"identifier\":\"");
    assertThat(r.out().lines()).hasSize(1);
  }

  @Test
  void invalidIdentityExitsOneWithReasonAndRule() {
    CliRun r = CliRun.of("validate", "--json", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", peer.toString(), foreign.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out().lines()).hasSize(2);
    assertThat(r.out().lines().skip(1).findFirst().orElseThrow())
        .contains("\"valid\":false", "\"reason\":\"NO_CHAIN\"", "\"rule\":\"SANITIZE-03\"", "peer0.other");
  }

  @Test
  void setupFailureExitsTwoWithSetupError() throws Exception {
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    CliRun r = CliRun.of("validate", "--json", "--msp-dir", empty.toString(), "--msp-id", "Org1MSP", peer.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.out()).startsWith("{\"setup_error\":").contains("\"rule\":\"FOLDER-04\"");
    CliRun text = CliRun.of("validate", "--msp-dir", empty.toString(), "--msp-id", "Org1MSP", peer.toString());
    assertThat(text.status()).isEqualTo(2);
    assertThat(text.err()).contains("FOLDER-04").doesNotContain("Exception");
  }

  @Test
  void setupErrorNamesTheFileInTheFolder() throws Exception {
    Files.writeString(msp.resolve("cacerts/zz-not-a-cert.pem"),
        "-----BEGIN PRIVATE KEY-----\nAAECAwQF\n-----END PRIVATE KEY-----\n");
    CliRun r = CliRun.of("validate", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", peer.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).contains("[SETUP-PARSE-01]", "cacerts/zz-not-a-cert.pem (root_certs[1])");
  }

  @Test
  void usageErrorsExitThree() {
    assertThat(CliRun.of("validate", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP").status()).isEqualTo(3);
    assertThat(CliRun.of("validate", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", "--msp-version", "2.0", peer.toString()).status())
        .isEqualTo(3);
    assertThat(CliRun.of("validate", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", tmp.resolve("missing.pem").toString()).status())
        .isEqualTo(3);
  }

  @Test
  void textOutputIsOneReadableLinePerInput() {
    CliRun r = CliRun.of("validate", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", "--msp-version", "1.4.3", peer.toString(), foreign.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out().lines().toList()).hasSize(2);
    assertThat(r.out()).contains(": valid (subject", ": INVALID [SANITIZE-03]");
  }

  @Test
  void serializedIdentityInputIsDetected() throws Exception {
    byte[] si = org.hyperledger.fabric.protos.msp.SerializedIdentity.newBuilder()
        .setMspid("Org1MSP").setIdBytes(com.google.protobuf.ByteString.copyFrom(Files.readAllBytes(peer))).build().toByteArray();
    Path p = tmp.resolve("peer.id");
    Files.write(p, si);
    CliRun r = CliRun.of("validate", "--json", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", p.toString());
    assertThat(r.status()).isZero();
    byte[] other = org.hyperledger.fabric.protos.msp.SerializedIdentity.newBuilder()
        .setMspid("Org2MSP").setIdBytes(com.google.protobuf.ByteString.copyFrom(Files.readAllBytes(peer))).build().toByteArray();
    Files.write(p, other);
    CliRun r2 = CliRun.of("validate", "--json", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", p.toString());
    assertThat(r2.status()).isEqualTo(1);
    assertThat(r2.out()).contains("\"reason\":\"MSP_ID_MISMATCH\"");
  }

  @Test
  @Tag("PRINCIPAL-ROLE-03")
  void rolesOfEachIdentityArePrinted() throws Exception {
    Path admin = write("admin.pem", Files.readString(msp.resolve("admincerts").toFile().listFiles()[0].toPath()));
    CliRun r = CliRun.of("validate", "--json", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", "--msp-version", "1.4.3",
        peer.toString(), admin.toString());
    assertThat(r.status()).isZero();
    List<String> lines = r.out().lines().toList();
    assertThat(lines.get(0)).contains(
        "\"roles\":{\"member\":true,\"admin\":false,\"client\":false,\"peer\":true,\"orderer\":false}");
    assertThat(lines.get(1)).contains(
        "\"roles\":{\"member\":true,\"admin\":true,\"client\":false,\"peer\":false,\"orderer\":false}");
  }

  @Test
  @Tag("PRINCIPAL-ROLE-02")
  void rolesAreComputedForInvalidIdentitiesToo() throws Exception {
    // Two NodeOUs make the admin certificate invalid, yet it is an admin by admincerts (1.4.3+).
    IssuedCertificate twoOus = pki.leaf("C=US,O=Org1,OU=client,OU=peer,CN=Admin2@org1", root);
    Path dir = MspFolder.builder().caCert(root).adminCert(twoOus)
        .configYaml(ConfigYaml.cryptogenNodeOus("cacerts/cacert.pem")).build().writeTo(tmp.resolve("msp2"));
    Path admin = write("admin2.pem", twoOus.pem());
    CliRun r = CliRun.of("validate", "--json", "--msp-dir", dir.toString(), "--msp-id", "Org1MSP", "--msp-version", "3.0",
        admin.toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out()).contains("\"valid\":false", "\"reason\":\"NODEOU_MULTIPLE\"",
        "\"roles\":{\"member\":false,\"admin\":true,\"client\":false,\"peer\":false,\"orderer\":false}");
  }

  @Test
  void rolesAreNullWhenTheIdentityCannotBeDeserialised() {
    CliRun r = CliRun.of("validate", "--json", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", foreign.toString());
    assertThat(r.out()).contains("\"roles\":null");
  }

  @Test
  void textOutputNamesTheRolesHeld() {
    CliRun r = CliRun.of("validate", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", "--msp-version", "3.0", peer.toString());
    assertThat(r.out()).contains(" roles: member, peer");
  }
}
