package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.pkcs11.FabricKeyGen;
import io.msp4j.pkcs11.HsmMsp;
import io.msp4j.pkcs11.SoftHsm;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.MspFolder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code msp watch --local --bccsp}: the token is opened once and its sessions serve every reload
 * (the user logs in once however often the folder is read again), and a signing certificate
 * rotated in the folder has its own key looked up on the token by its SKI. The command runs in a
 * JVM of its own with {@code --verbose}, so that the token's log lines can be counted.
 */
class HsmWatchCommandTest {
  private static final String LOGIN = "logged in to PKCS#11 token '" + HsmFiles.LABEL + "'";

  @TempDir Path dir;
  private Process process;
  private final WatchCommandTest.Lines out = new WatchCommandTest.Lines();
  private final WatchCommandTest.Lines err = new WatchCommandTest.Lines();
  private final List<String> log = new ArrayList<>();
  private final List<Thread> pumps = new ArrayList<>();

  @AfterEach
  void stop() {
    if (process != null && process.isAlive()) {
      process.destroyForcibly();
    }
  }

  private void start(SoftHsm hsm, Path msp) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "--verbose", "watch", "--local", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP",
        "--settle-ms", "50", "--bccsp", HsmFiles.coreYaml(hsm, dir).toString()));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("SOFTHSM2_CONF", hsm.conf().toString());
    process = pb.start();
    pump(process.getInputStream(), out, false);
    pump(process.getErrorStream(), err, true);
  }

  /** Copies a stream into {@code lines}; log lines of standard error (not JSON) go to {@link #log}. */
  private void pump(InputStream in, WatchCommandTest.Lines lines, boolean separateLog) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String l = r.readLine(); l != null; l = r.readLine()) {
          if (separateLog && !l.startsWith("{")) {
            synchronized (log) {
              log.add(l);
            }
          } else {
            lines.lines.add(l);
          }
        }
      } catch (IOException ignored) {
        // The process ended.
      }
    });
    t.setDaemon(true);
    t.start();
    pumps.add(t);
  }

  private void send(Path input) throws IOException {
    OutputStream stdin = process.getOutputStream();
    stdin.write((input + "\n").getBytes(StandardCharsets.UTF_8));
    stdin.flush();
  }

  /** Puts {@code cert} in place of the folder's signing certificate in one step. */
  private void rotate(Path msp, IssuedCertificate cert) throws IOException {
    Path next = Files.writeString(dir.resolve("next.pem"), cert.pem());
    try (var files = Files.list(msp.resolve("signcerts"))) {
      Path current = files.findFirst().orElseThrow();
      Files.move(next, current, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
  }

  @Test
  @Tag("P11-01")
  @Tag("P11-02")
  @Tag("P11-05")
  void reloadsKeepTheTokenSessionsAndARotatedCertificateFindsItsOwnKey() throws Exception {
    SoftHsm hsm = SoftHsm.in(dir).initToken(HsmFiles.LABEL);
    var first = FabricKeyGen.fabric(hsm.settings(HsmFiles.LABEL).build(), "P-256", false);
    var second = FabricKeyGen.fabric(hsm.settings(HsmFiles.LABEL).build(), "P-256", false);
    IssuedCertificate firstCert = HsmMsp.certFor(first.publicKey(), "peer0.org1.example.com");
    Path msp = MspFolder.builder().caCert(HsmMsp.ROOT).adminCert(firstCert).signCert(firstCert).build()
        .writeTo(dir.resolve("msp"));
    Path member = Files.writeString(dir.resolve("member.pem"), HsmMsp.certFor(
        HsmMsp.PKI.keyPair(KeyAlgorithm.EC_P256).getPublic(), "User1@org1.example.com").pem());

    start(hsm, msp);
    assertThat(err.next()).startsWith("{\"reloaded\":1,");
    send(member);
    assertThat(out.next()).contains("\"valid\":true").endsWith(",\"generation\":1}");

    // A certificate whose key is not on the token: refused, generation 1 kept.
    rotate(msp, HsmMsp.certFor(HsmMsp.PKI.keyPair(KeyAlgorithm.EC_P256).getPublic(), "peer0.org1.example.com"));
    assertThat(err.next()).startsWith("{\"reload_failed\":").contains("on token '" + HsmFiles.LABEL + "'")
        .endsWith(",\"rule\":\"P11-05\",\"generation\":1}");

    // The certificate of the second key on the token: found by its own SKI.
    rotate(msp, HsmMsp.certFor(second.publicKey(), "peer0.org1.example.com"));
    assertThat(err.next()).startsWith("{\"reloaded\":2,").contains("\"recovered\":true");
    send(member);
    assertThat(out.next()).contains("\"valid\":true").endsWith(",\"generation\":2}");

    // An unrelated change is one more reload through the same sessions.
    Files.createDirectories(msp.resolve("crls"));
    Files.writeString(msp.resolve("crls/crl.pem"), HsmMsp.PKI.crl(HsmMsp.ROOT).build().pem());
    assertThat(err.next()).startsWith("{\"reloaded\":3,");

    process.getOutputStream().close();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isZero();
    for (Thread t : pumps) {
      t.join(10_000);
    }
    String logged;
    synchronized (log) {
      logged = String.join("\n", log);
    }
    assertThat(log.stream().filter(l -> l.contains(LOGIN)).toList())
        .as("the user logs in once for all reloads:\n%s", logged).hasSize(1);
    assertThat(logged).doesNotContain("opening new sessions").doesNotContain(SoftHsm.USER_PIN);
  }
}
