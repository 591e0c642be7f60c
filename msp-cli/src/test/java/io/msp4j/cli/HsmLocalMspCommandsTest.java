package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.pkcs11.FabricKeyGen;
import io.msp4j.pkcs11.FabricKeyGen.TokenKeyPair;
import io.msp4j.pkcs11.HsmMsp;
import io.msp4j.pkcs11.SoftHsm;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.MspFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code msp validate --local} and {@code msp inspect --local} with {@code --bccsp}: a local MSP
 * whose {@code keystore/} is empty sets up when its key is on the token (found by the signing
 * certificate's SKI), and fails setup naming the CKA_ID and the token when it is not.
 */
class HsmLocalMspCommandsTest {
  @TempDir Path dir;
  private SoftHsm hsm;
  private Path member;

  @BeforeEach
  void token() throws Exception {
    hsm = SoftHsm.in(dir).initToken(HsmFiles.LABEL);
    member = Files.writeString(dir.resolve("member.pem"), HsmMsp.certFor(
        HsmMsp.PKI.keyPair(KeyAlgorithm.EC_P256).getPublic(), "User2@org1.example.com").pem());
  }

  /** A local MSP folder with {@code cert} as signing certificate and admin, and no key file. */
  private Path localMsp(IssuedCertificate cert) {
    return MspFolder.builder().caCert(HsmMsp.ROOT).adminCert(cert).signCert(cert).build()
        .writeTo(dir.resolve("msp-" + System.nanoTime()));
  }

  private Path onToken() throws Exception {
    TokenKeyPair key = FabricKeyGen.fabric(hsm.settings(HsmFiles.LABEL).build(), "P-256", false);
    return localMsp(HsmMsp.certFor(key.publicKey(), "peer0.org1.example.com"));
  }

  private Path notOnToken() {
    return localMsp(HsmMsp.certFor(HsmMsp.PKI.keyPair(KeyAlgorithm.EC_P256).getPublic(), "peer1.org1.example.com"));
  }

  private CliRun validate(Path msp, String... more) throws Exception {
    String[] base = {"validate", "--local", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", member.toString()};
    String[] args = Arrays.copyOf(base, base.length + more.length);
    System.arraycopy(more, 0, args, base.length, more.length);
    return CliRun.of(args);
  }

  @Test
  @Tag("P11-02")
  @Tag("P11-03")
  void validateLocalSetsUpWithTheKeyOnTheToken() throws Exception {
    Path msp = onToken();
    CliRun run = validate(msp, "--bccsp", HsmFiles.coreYaml(hsm, dir).toString(), "--json");
    assertThat(run.status()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("\"valid\":true");
    // Without the token the same folder has no key: the local MSP cannot be set up.
    CliRun withoutToken = validate(msp, "--json");
    assertThat(withoutToken.status()).isEqualTo(2);
    assertThat(withoutToken.out() + withoutToken.err()).contains("SETUP-SIGNER-02").doesNotContain("\"valid\":true");
  }

  @Test
  @Tag("P11-05")
  void validateLocalFailsSetupWhenTheKeyIsNotOnTheToken() throws Exception {
    CliRun run = validate(notOnToken(), "--bccsp", HsmFiles.coreYaml(hsm, dir).toString());
    assertThat(run.status()).isEqualTo(2);
    assertThat(run.out() + run.err()).contains("P11-05", "on token '" + HsmFiles.LABEL + "'", "CKA_ID")
        .doesNotContain(SoftHsm.USER_PIN);
  }

  @Test
  @Tag("P11-02")
  void inspectLocalShowsTheSigningCertificateWhoseKeyIsOnTheToken() throws Exception {
    Path msp = onToken();
    CliRun run = CliRun.of("inspect", "--local", "--msp-dir", msp.toString(), "--bccsp",
        HsmFiles.coreYaml(hsm, dir).toString());
    assertThat(run.status()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("setup: ok at MSP version 3.0\n", "signing certificate  signcerts/");
    CliRun withoutToken = CliRun.of("inspect", "--local", "--msp-dir", msp.toString());
    assertThat(withoutToken.out()).contains("setup FAILS", "SETUP-SIGNER-02").doesNotContain("setup: ok");
  }

  @Test
  @Tag("P11-05")
  void inspectLocalReportsAKeyThatIsNotOnTheToken() throws Exception {
    CliRun run = CliRun.of("inspect", "--local", "--msp-dir", notOnToken().toString(), "--bccsp",
        HsmFiles.coreYaml(hsm, dir).toString());
    assertThat(run.out()).contains("setup FAILS").doesNotContain("setup: ok");
    assertThat(run.out() + run.err()).contains("P11-05", "on token '" + HsmFiles.LABEL + "'");
  }
}
