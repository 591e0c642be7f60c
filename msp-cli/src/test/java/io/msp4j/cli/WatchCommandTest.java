package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.ConfigYaml;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code msp watch} contract: paths in, one validate --json object per path with the
 * generation that answered, one JSON line per reload attempt on standard error, exit 0 at the end
 * of input. The test feeds lines through a pipe and waits for each line it expects.
 */
class WatchCommandTest {
  private static final long TIMEOUT_S = 60;

  @TempDir Path tmp;

  private final TestPki pki = TestPki.seeded("cli-watch");
  private final IssuedCertificate root = pki.rootCa("C=US,O=Org1,CN=ca.org1");
  private final IssuedCertificate admin = pki.leaf("C=US,O=Org1,OU=admin,CN=Admin@org1", root);
  private final IssuedCertificate peer = pki.leaf("C=US,O=Org1,OU=peer,CN=peer0.org1", root);

  private final Lines out = new Lines();
  private final Lines err = new Lines();
  private PipedOutputStream stdin;
  private CompletableFuture<Integer> status;

  /** Complete lines written to it, in a queue the test can wait on. */
  static final class Lines extends Writer {
    final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final StringBuilder partial = new StringBuilder();

    @Override
    public synchronized void write(char[] buf, int off, int len) {
      for (int i = off; i < off + len; i++) {
        if (buf[i] == '\n') {
          lines.add(partial.toString());
          partial.setLength(0);
        } else {
          partial.append(buf[i]);
        }
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}

    String next() throws InterruptedException {
      String l = lines.poll(TIMEOUT_S, TimeUnit.SECONDS);
      assertThat(l).as("a line within %d s", TIMEOUT_S).isNotNull();
      return l;
    }
  }

  private void start(Path dir, String... extra) throws IOException {
    PipedInputStream in = new PipedInputStream();
    stdin = new PipedOutputStream(in);
    String[] base = {"watch", "--msp-dir", dir.toString(), "--msp-id", "Org1MSP", "--settle-ms", "20"};
    String[] args = new String[base.length + extra.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    status = CompletableFuture.supplyAsync(
        () -> Main.run(in, new PrintWriter(out, true), new PrintWriter(err, true), args));
  }

  private void send(Path input) throws IOException {
    stdin.write((input + "\n").getBytes(StandardCharsets.UTF_8));
    stdin.flush();
  }

  private int end() throws Exception {
    stdin.close();
    return status.get(TIMEOUT_S, TimeUnit.SECONDS);
  }

  @AfterEach
  void closeInput() throws IOException {
    if (stdin != null) {
      stdin.close();
    }
  }

  private Path folder() {
    return MspFolder.builder().caCert(root).adminCert(admin)
        .configYaml(ConfigYaml.cryptogenNodeOus("cacerts/cacert.pem")).build().writeTo(tmp.resolve("msp"));
  }

  private Path write(String name, String content) throws IOException {
    Path p = tmp.resolve(name);
    Files.writeString(p, content);
    return p;
  }

  @Test
  @Tag("LIMIT-01")
  void anInputFileOverTheIdentityLimitIsInvalidWithoutBeingRead() throws Exception {
    Path big = tmp.resolve("big.pem");
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(300L << 20); // sparse: nothing is written, nothing need be read
    }
    start(folder());
    assertThat(err.next()).startsWith("{\"reloaded\":1,");

    send(big);
    assertThat(out.next()).startsWith("{\"input\":\"" + big + "\",\"valid\":false,")
        .contains("\"reason\":\"LIMIT_EXCEEDED\"", "\"rule\":\"LIMIT-01\"", "314572800")
        .endsWith(",\"generation\":1}");
    assertThat(end()).isZero();
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  @Tag("SETUP-PARSE-01")
  void answersWithTheGenerationCurrentAtEachLineAndReportsEachReload() throws Exception {
    Path dir = folder();
    Path peerPem = write("peer.pem", peer.pem());
    start(dir);
    assertThat(err.next()).startsWith("{\"reloaded\":1,\"changes\":[{\"kind\":\"ROOT_CA\",\"action\":\"ADDED\"");

    send(peerPem);
    String first = out.next();
    String validated = CliRun.of("validate", "--json", "--msp-dir", dir.toString(), "--msp-id", "Org1MSP",
        peerPem.toString()).out().strip();
    assertThat(first).isEqualTo(validated.substring(0, validated.length() - 1) + ",\"generation\":1}");

    Files.createDirectories(dir.resolve("crls"));
    Files.writeString(dir.resolve("crls/crl.pem"), pki.crl(root).revoke(peer).build().pem());
    assertThat(err.next()).isEqualTo("{\"reloaded\":2,\"changes\":[{\"kind\":\"REVOKED_SERIALS\","
        + "\"action\":\"ADDED\",\"item\":\"by CN=ca.org1,O=Org1,C=US: " + peer.serial().toString(16)
        + "\",\"count\":1}]}");
    send(peerPem);
    assertThat(out.next()).contains("\"valid\":false", "\"reason\":\"REVOKED\"",
        "\"rule\":\"VALIDATE-CRL-02\"").endsWith(",\"generation\":2}");

    Files.writeString(dir.resolve("cacerts/zz.pem"), "-----BEGIN CERTIFICATE-----\nAAEC\n-----END CERTIFICATE-----\n");
    String failed = err.next();
    assertThat(failed).startsWith("{\"reload_failed\":\"").contains("cacerts/zz.pem")
        .endsWith("\",\"rule\":\"SETUP-PARSE-01\",\"generation\":2}");
    send(peerPem);
    assertThat(out.next()).contains("\"reason\":\"REVOKED\"").endsWith(",\"generation\":2}");

    // The broken file removed: the folder holds what generation 2 serves; the failure is over.
    Files.delete(dir.resolve("cacerts/zz.pem"));
    assertThat(err.next()).isEqualTo("{\"reloaded\":2,\"changes\":[],\"recovered\":true}");

    assertThat(end()).isZero();
    assertThat(out.lines).isEmpty();
  }

  @Test
  @Tag("FOLDER-04")
  void aFolderThatCannotBeSetUpYetIsAnsweredWithItsSetupErrorUntilItCan() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("msp"));
    Path peerPem = write("peer.pem", peer.pem());
    start(dir);
    assertThat(err.next()).startsWith("{\"reload_failed\":\"cacerts: folder is missing\"")
        .endsWith(",\"rule\":\"FOLDER-04\",\"generation\":0}");
    send(peerPem);
    assertThat(out.next()).isEqualTo("{\"input\":\"" + peerPem + "\",\"setup_error\":\"cacerts: folder is missing\","
        + "\"reason\":\"FOLDER_MISSING\",\"rule\":\"FOLDER-04\",\"generation\":0}");
    folder();
    assertThat(err.next()).startsWith("{\"reloaded\":1,");
    send(peerPem);
    assertThat(out.next()).contains("\"valid\":true").endsWith(",\"generation\":1}");
    assertThat(end()).isZero();
  }

  @Test
  void anUnreadableInputIsAnsweredAndTheCommandGoesOn() throws Exception {
    Path dir = folder();
    start(dir, "--poll", "--poll-ms", "50", "--msp-version", "1.4.3");
    err.next();
    send(tmp.resolve("missing.pem"));
    assertThat(out.next()).startsWith("{\"input\":\"" + tmp.resolve("missing.pem") + "\",\"input_error\":\"cannot read input ")
        .endsWith(",\"generation\":1}");
    stdin.write("\n".getBytes(StandardCharsets.UTF_8));
    send(write("peer.pem", peer.pem()));
    assertThat(out.next()).contains("\"valid\":true");
    assertThat(end()).isZero();
  }

  @Test
  void badOptionsAreAUsageError() {
    assertThat(CliRun.of("watch", "--msp-dir", tmp.toString(), "--msp-id", "Org1MSP", "--settle-ms", "-1").status())
        .isEqualTo(3);
    assertThat(CliRun.of("watch", "--msp-dir", tmp.toString()).status()).isEqualTo(3);
  }
}
