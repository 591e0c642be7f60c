package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.KeystoreNaming;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code msp sign} and {@code msp verify}: round trips through folders, verdicts and exit statuses. */
class SignVerifyCommandTest {
  @TempDir Path tmp;

  private final TestPki pki = TestPki.seeded("cli-sign-verify");
  private final IssuedCertificate root = pki.rootCa("C=US,O=Org1,CN=ca.org1");
  private final IssuedCertificate admin = pki.leaf("C=US,O=Org1,CN=Admin@org1", root);
  private Path ecMsp;
  private Path message;

  @BeforeEach
  void tree() throws Exception {
    IssuedCertificate peer = pki.leaf("C=US,O=Org1,CN=peer0.org1", root);
    ecMsp = MspFolder.builder().caCert(root).adminCert(admin).signCert(peer).build().writeTo(tmp.resolve("ec"));
    message = write("msg.bin", "a block header".getBytes(StandardCharsets.UTF_8));
  }

  private Path write(String name, byte[] content) throws Exception {
    Path p = tmp.resolve(name);
    Files.write(p, content);
    return p;
  }

  private static Path signcert(Path msp) throws Exception {
    try (var s = Files.list(msp.resolve("signcerts"))) {
      return s.findFirst().orElseThrow();
    }
  }

  private record Result(int status, String out, String err) {}

  private static Result run(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      int status = Main.run(args);
      return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  private Result sign(Path msp, String version, Path msg, Path out) {
    return run("sign", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", "--msp-version", version,
        "--message", msg.toString(), "--output", out.toString());
  }

  private Result verify(Path msp, Path identity, Path msg, Path sig, String... extra) {
    String[] base = {"verify", "--json", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP",
        "--identity", identity.toString(), "--message", msg.toString(), "--signature", sig.toString()};
    String[] all = new String[base.length + extra.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(extra, 0, all, base.length, extra.length);
    return run(all);
  }

  @Test
  @Tag("SIGN-01")
  @Tag("VERIFY-03")
  void signThenVerifyRoundTripsAndAnyFlippedBitFails() throws Exception {
    Path sig = tmp.resolve("sig.der");
    Result s = sign(ecMsp, "3.0", message, sig);
    assertThat(s.status()).as(s.err()).isZero();
    assertThat(s.out()).contains("CN=peer0.org1");
    byte[] der = Files.readAllBytes(sig);
    assertThat(der[0]).isEqualTo((byte) 0x30);

    Result ok = verify(ecMsp, signcert(ecMsp), message, sig);
    assertThat(ok.status()).as(ok.out() + ok.err()).isZero();
    assertThat(ok.out()).contains("\"verified\":true", "\"reason\":null", "\"subject\":\"CN=peer0.org1,O=Org1,C=US\"");

    byte[] msg = Files.readAllBytes(message);
    msg[3] ^= 0x10;
    Result badMsg = verify(ecMsp, signcert(ecMsp), write("msg2.bin", msg), sig);
    assertThat(badMsg.status()).isEqualTo(1);
    assertThat(badMsg.out()).contains("\"verified\":false", "\"reason\":\"SIGNATURE_INVALID\"", "\"rule\":\"VERIFY-03\"");

    byte[] flipped = der.clone();
    flipped[flipped.length - 1] ^= 1; // the last bit of s
    Result badSig = verify(ecMsp, signcert(ecMsp), message, write("sig2.der", flipped));
    assertThat(badSig.status()).isEqualTo(1);
    assertThat(badSig.out()).contains("\"verified\":false", "\"reason\":\"SIGNATURE_INVALID\"", "\"rule\":\"VERIFY-03\"");

    byte[] broken = der.clone();
    broken[1] ^= 1; // the SEQUENCE length
    Result badDer = verify(ecMsp, signcert(ecMsp), message, write("sig3.der", broken));
    assertThat(badDer.status()).isEqualTo(1);
    assertThat(badDer.out()).contains("\"reason\":\"SIGNATURE_MALFORMED\"");
  }

  @Test
  @Tag("SIGN-01")
  @Tag("VERIFY-04")
  @Tag("ALG-03")
  void ed25519SignerFromAFabricCaStyleKeystoreRoundTrips() throws Exception {
    IssuedCertificate ed = pki.certificate().subject("C=US,O=Org1,CN=ed.org1").issuer(root).leaf()
        .keyAlgorithm(KeyAlgorithm.ED25519).build();
    Path edMsp = MspFolder.builder().keystoreNaming(KeystoreNaming.SKI_SK).caCert(root).adminCert(admin)
        .signCert(ed).build().writeTo(tmp.resolve("ed"));
    Path sig = tmp.resolve("ed.sig");
    Result s = sign(edMsp, "3.0", message, sig);
    assertThat(s.status()).as(s.err()).isZero();
    assertThat(Files.size(sig)).isEqualTo(64);
    // verify does not check the MSP version: the channel MSP at 1.4.3 verifies it too.
    for (String v : new String[] {"3.0", "1.4.3"}) {
      Result r = verify(edMsp, signcert(edMsp), message, sig, "--msp-version", v);
      assertThat(r.status()).as(r.out()).isZero();
    }
    byte[] flipped = Files.readAllBytes(sig);
    flipped[10] ^= 4;
    Result bad = verify(edMsp, signcert(edMsp), message, write("ed2.sig", flipped));
    assertThat(bad.status()).isEqualTo(1);
    assertThat(bad.out()).contains("\"reason\":\"SIGNATURE_INVALID\"", "\"rule\":\"VERIFY-04\"");
  }

  @Test
  @Tag("VERIFY-02")
  void textOutputNamesRuleAndReason() throws Exception {
    Result r = run("verify", "--msp-dir", ecMsp.toString(), "--msp-id", "Org1MSP",
        "--identity", signcert(ecMsp).toString(), "--message", message.toString(),
        "--signature", write("empty.sig", new byte[0]).toString());
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out()).contains("NOT VERIFIED [VERIFY-02] SIGNATURE_MALFORMED", "the signature is empty");
  }

  @Test
  void identityThatDoesNotDeserialiseExitsOne() throws Exception {
    IssuedCertificate otherRoot = pki.rootCa("C=US,O=Other,CN=ca.other");
    Path foreign = write("foreign.pem", pki.leaf("C=US,O=Other,CN=x", otherRoot).pem().getBytes(StandardCharsets.US_ASCII));
    Path sig = tmp.resolve("sig.der");
    assertThat(sign(ecMsp, "3.0", message, sig).status()).isZero();
    Result r = verify(ecMsp, foreign, message, sig);
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out()).contains("\"verified\":false", "\"reason\":\"NO_CHAIN\"");
  }

  @Test
  void setupFailureExitsTwoAndUsageErrorsExitThree() throws Exception {
    Path sig = tmp.resolve("sig.der");
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Result setup = verify(empty, signcert(ecMsp), message, message);
    assertThat(setup.status()).isEqualTo(2);
    assertThat(setup.out()).contains("\"setup_error\"");
    assertThat(sign(empty, "3.0", message, sig).status()).isEqualTo(2);
    // A channel-style folder (no signcerts) cannot sign.
    Path channel = MspFolder.builder().caCert(root).adminCert(admin).build().writeTo(tmp.resolve("channel"));
    Result noSigner = sign(channel, "3.0", message, sig);
    assertThat(noSigner.status()).isEqualTo(2);
    assertThat(noSigner.err()).contains("signcerts");

    assertThat(verify(ecMsp, signcert(ecMsp), tmp.resolve("missing.bin"), message).status()).isEqualTo(3);
    assertThat(sign(ecMsp, "3.0", tmp.resolve("missing.bin"), sig).status()).isEqualTo(3);
    assertThat(sign(ecMsp, "2.7", message, sig).status()).isEqualTo(3);
    assertThat(run("verify", "--msp-dir", ecMsp.toString()).status()).isEqualTo(3);
    assertThat(sign(ecMsp, "3.0", message, tmp.resolve("no/such/dir/sig")).status()).isEqualTo(3);
  }
}
