package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.pkcs11.FabricKeyGen;
import io.msp4j.pkcs11.FabricKeyGen.TokenKeyPair;
import io.msp4j.pkcs11.HsmMsp;
import io.msp4j.pkcs11.SoftHsm;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Signature;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code msp sign --bccsp} with keys on a real SoftHSM2 token (P11-01..05), and its exit statuses. */
class HsmSignCommandTest {
  private static final String LABEL = "ForFabric";

  @TempDir Path dir;
  private SoftHsm hsm;
  private Path message;

  @BeforeEach
  void token() throws Exception {
    hsm = SoftHsm.in(dir).initToken(LABEL);
    message = Files.writeString(dir.resolve("message.txt"), "a config update");
  }

  private Path mspFor(IssuedCertificate cert) {
    return MspFolder.builder().caCert(HsmMsp.ROOT).adminCert(cert).signCert(cert).build()
        .writeTo(dir.resolve("msp-" + System.nanoTime()));
  }

  private Path coreYaml(String pin, String altId) throws Exception {
    return Files.writeString(dir.resolve("core.yaml"), "peer:\n  BCCSP:\n    Default: PKCS11\n    PKCS11:\n"
        + "      Library: " + hsm.library() + "\n      Label: " + LABEL + "\n      Pin: " + pin + "\n"
        + "      Hash: SHA2\n      Security: 256\n" + (altId == null ? "" : "      AltID: " + altId + "\n"));
  }

  private CliRun sign(Path msp, Path bccsp, Path out) {
    return CliRun.of("sign", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", "--bccsp", bccsp.toString(),
        "--message", message.toString(), "--output", out.toString());
  }

  @Test
  @Tag("P11-02")
  @Tag("P11-04")
  void signsWithTheTokenKeyAndTheSignatureVerifiesThroughTheMspAndTheJdk() throws Exception {
    TokenKeyPair key = FabricKeyGen.fabric(hsm.settings(LABEL).build(), "P-256", false);
    IssuedCertificate cert = HsmMsp.certFor(key.publicKey(), "Admin@org1.example.com");
    Path msp = mspFor(cert);
    Path out = dir.resolve("sig");
    CliRun run = sign(msp, coreYaml(SoftHsm.USER_PIN, null), out);
    assertThat(run.status()).as(run.err()).isZero();
    assertThat(run.out() + run.err()).doesNotContain(SoftHsm.USER_PIN);
    byte[] sig = Files.readAllBytes(out);
    Signature jdk = Signature.getInstance("SHA256withECDSA");
    jdk.initVerify(cert.publicKey());
    jdk.update(Files.readAllBytes(message));
    assertThat(jdk.verify(sig)).isTrue();
    // msp verify, the command a user would run on it, accepts it too.
    CliRun verify = CliRun.of("verify", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", "--identity",
        msp.resolve("signcerts").toFile().listFiles()[0].toString(), "--message", message.toString(),
        "--signature", out.toString());
    assertThat(verify.status()).as(verify.out() + verify.err()).isZero();
  }

  @Test
  @Tag("P11-05")
  void aKeyNotOnTheTokenExitsOneNamingTheIdAndToken() throws Exception {
    IssuedCertificate cert = HsmMsp.certFor(
        HsmMsp.PKI.keyPair(io.msp4j.testdata.KeyAlgorithm.EC_P256).getPublic(), "nokey.org1.example.com");
    CliRun run = sign(mspFor(cert), coreYaml(SoftHsm.USER_PIN, null), dir.resolve("sig"));
    assertThat(run.status()).as(run.err()).isEqualTo(1);
    assertThat(run.err()).contains("P11-05").contains("on token '" + LABEL + "'").doesNotContain(SoftHsm.USER_PIN);
  }

  @Test
  @Tag("P11-05")
  void anAltIdNamingAnotherKeyExitsOne() throws Exception {
    FabricKeyGen.underId(hsm.settings(LABEL).build(), "P-256", "someone-else");
    TokenKeyPair mine = FabricKeyGen.fabric(hsm.settings(LABEL).build(), "P-256", false);
    CliRun run = sign(mspFor(HsmMsp.certFor(mine.publicKey(), "Admin@org1.example.com")),
        coreYaml(SoftHsm.USER_PIN, "someone-else"), dir.resolve("sig"));
    assertThat(run.status()).as(run.err()).isEqualTo(1);
    assertThat(run.err()).contains("TOKEN_KEY_MISMATCH").contains("P11-05");
    assertThat(Files.exists(dir.resolve("sig"))).isFalse();
  }

  @Test
  @Tag("P11-01")
  void aWrongPinExitsTwoWithOneLineAndNoPin() throws Exception {
    TokenKeyPair key = FabricKeyGen.fabric(hsm.settings(LABEL).build(), "P-256", false);
    CliRun run = sign(mspFor(HsmMsp.certFor(key.publicKey(), "Admin@org1.example.com")),
        coreYaml("24681357", null), dir.resolve("sig"));
    assertThat(run.status()).isEqualTo(2);
    assertThat(run.err()).contains("refused the user PIN").doesNotContain("24681357");
    assertThat(run.out()).doesNotContain("24681357");
  }
}
