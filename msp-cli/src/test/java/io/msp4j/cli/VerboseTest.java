package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logging is silent unless {@code --verbose} is given. Each case runs the command in a JVM of its
 * own, as a user does: what is printed then is the command's logback set-up, not the tests'.
 */
class VerboseTest {
  @TempDir Path tmp;

  private record Run(int status, String out, String err) {}

  private Run run(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    cmd.addAll(List.of(args));
    Path out = tmp.resolve("out.txt");
    Path err = tmp.resolve("err.txt");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    p.getOutputStream().close(); // standard input ends at once (msp watch reads it)
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  @Test
  void setupSummaryIsLoggedOnlyWithVerbose() throws Exception {
    TestPki pki = TestPki.seeded("cli-verbose");
    IssuedCertificate root = pki.rootCa("C=US,O=org1,CN=ca.org1");
    Path msp = MspFolder.builder().caCert(root).adminCert(pki.leaf("C=US,O=org1,CN=admin", root))
        .text("crls/notes.txt", "no PEM here").build().writeTo(tmp.resolve("msp"));
    Path peer = Files.writeString(tmp.resolve("peer.pem"), pki.leaf("C=US,O=org1,CN=peer0", root).pem());
    String[] validate = {"validate", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", peer.toString()};

    Run quiet = run(validate);
    assertThat(quiet.status()).isZero();
    assertThat(quiet.err()).isEmpty();

    List<String> args = new ArrayList<>(List.of(validate));
    args.add(1, "--verbose");
    Run verbose = run(args.toArray(String[]::new));
    args.remove(1);
    args.add(0, "--verbose");
    Run verboseFirst = run(args.toArray(String[]::new));
    assertThat(verbose.status()).isZero();
    assertThat(verbose.out()).isEqualTo(quiet.out());
    assertThat(verbose.err()).contains(
        "WARN FolderReader - " + msp.resolve("crls/notes.txt") + ": skipped, holds no PEM block [FOLDER-02]",
        "DEBUG X509Msps - MSP Org1MSP set up at version 3.0: 1 root CA, 0 intermediate CAs, 1 admin,");

    assertThat(verboseFirst.err()).isEqualTo(verbose.err());
  }

  @Test
  void aRefusedConfigurationIsLoggedAtWarn() throws Exception {
    TestPki pki = TestPki.seeded("cli-verbose-refused");
    IssuedCertificate root = pki.rootCa("C=US,O=org1,CN=ca.org1");
    // At 1.4.3 an MSP without admins and without an admin OU is refused (SETUP-ADMIN-03).
    Path msp = MspFolder.builder().caCert(root).build().writeTo(tmp.resolve("msp"));
    Path peer = Files.writeString(tmp.resolve("peer.pem"), pki.leaf("C=US,O=org1,CN=peer0", root).pem());
    Run r = run("validate", "--verbose", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", peer.toString());
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).contains("WARN X509Msps - MSP Org1MSP refused at version 3.0: [SETUP-ADMIN-03]");
  }

  @Test
  void aReloadIsLoggedAtInfo() throws Exception {
    TestPki pki = TestPki.seeded("cli-verbose-reload");
    IssuedCertificate root = pki.rootCa("C=US,O=org1,CN=ca.org1");
    Path msp = MspFolder.builder().caCert(root).adminCert(pki.leaf("C=US,O=org1,CN=admin", root)).build()
        .writeTo(tmp.resolve("msp"));
    Run r = run("watch", "--verbose", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP");
    assertThat(r.status()).isZero();
    assertThat(r.err()).containsPattern("INFO Reloader - MSP Org1MSP: generation 1 applied")
        .containsPattern("INFO MspFolderWatcher - MSP Org1MSP: watching ");
  }
}
