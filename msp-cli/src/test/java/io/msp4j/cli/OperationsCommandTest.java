package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.network.TestChain;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.MspFolder;
import io.msp4j.testdata.TestPki;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --operations-listen} on {@code msp watch} and {@code msp channel follow}. */
class OperationsCommandTest {
  @TempDir Path tmp;

  private final TestPki pki = TestPki.seeded("cli-operations");
  private final IssuedCertificate root = pki.rootCa("C=US,O=org1,CN=ca.org1");
  private final IssuedCertificate admin = pki.leaf("C=US,O=org1,CN=admin", root);

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** Status and body of a GET, or -1 when nothing answers. */
  record Answer(int status, String body) {
    JsonObject json() {
      return JsonParser.parseString(body).getAsJsonObject();
    }
  }

  static Answer get(String url) {
    try {
      HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
      c.setConnectTimeout(2000);
      c.setReadTimeout(5000);
      int status = c.getResponseCode();
      InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
      return new Answer(status, in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      return new Answer(-1, e.toString());
    }
  }

  /** Polls until the answer has the status, or the time is up; the last answer. */
  static Answer await(String url, int status, Duration within) throws InterruptedException {
    Instant end = Instant.now().plus(within);
    Answer a = get(url);
    while (a.status() != status && Instant.now().isBefore(end)) {
      Thread.sleep(100);
      a = get(url);
    }
    return a;
  }

  @Test
  void watchServesHealthAndItsFailedReloadSaysThePreviousGenerationStillServes() throws Exception {
    Path msp = MspFolder.builder().caCert(root).adminCert(admin).build().writeTo(tmp.resolve("msp"));
    int port = freePort();
    PipedInputStream in = new PipedInputStream();
    PipedOutputStream stdin = new PipedOutputStream(in);
    StringWriter err = new StringWriter();
    CompletableFuture<Integer> status = CompletableFuture.supplyAsync(() -> Main.run(in,
        new PrintWriter(new StringWriter(), true), new PrintWriter(err, true), "watch",
        "--msp-dir", msp.toString(), "--msp-id", "Org1MSP", "--settle-ms", "20", "--poll-ms", "100",
        "--operations-listen", "127.0.0.1:" + port));
    try {
      String url = "http://127.0.0.1:" + port;
      Answer ok = await(url + "/healthz", 200, Duration.ofSeconds(30));
      assertThat(ok.status()).as(err.toString()).isEqualTo(200);
      assertThat(ok.json().get("status").getAsString()).isEqualTo("OK");
      assertThat(get(url + "/metrics").body()).contains("jvm_memory_used_bytes");

      Files.writeString(msp.resolve("cacerts/zz.pem"),
          "-----BEGIN CERTIFICATE-----\nAAEC\n-----END CERTIFICATE-----\n");
      Answer failed = await(url + "/healthz", 503, Duration.ofSeconds(30));
      assertThat(failed.status()).isEqualTo(503);
      JsonObject check = failed.json().getAsJsonArray("failed_checks").get(0).getAsJsonObject();
      assertThat(check.get("component").getAsString()).isEqualTo("reload");
      assertThat(check.get("reason").getAsString()).startsWith("the last reload of " + msp)
          .contains("cacerts/zz.pem").endsWith("the previous generation 1 still serves");

      Files.delete(msp.resolve("cacerts/zz.pem"));
      assertThat(await(url + "/healthz", 200, Duration.ofSeconds(30)).status()).isEqualTo(200);
      assertThat(err.toString()).contains("{\"event\":\"operations\",\"url\":\"" + url + "\"}");
    } finally {
      stdin.close();
    }
    assertThat(status.get(60, TimeUnit.SECONDS)).isZero();
    assertThat(get("http://127.0.0.1:" + port + "/healthz").status()).as("closed at exit").isEqualTo(-1);
  }

  @Test
  void aPortInUseIsAStartUpErrorWithExitTwo() throws Exception {
    Path msp = MspFolder.builder().caCert(root).adminCert(admin).build().writeTo(tmp.resolve("msp"));
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      String listen = "127.0.0.1:" + taken.getLocalPort();
      CliRun watch = CliRun.of("watch", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP",
          "--operations-listen", listen);
      assertThat(watch.status()).isEqualTo(2);
      assertThat(watch.err()).isEqualTo("msp watch: operations endpoint: cannot listen on " + listen
          + ": the address is in use\n");

      TestChain chain = new TestChain(tmp.resolve("chain"));
      CliRun follow = CliRun.of("channel", "follow", "--orderer", "127.0.0.1:1",
          "--tls-ca", chain.ordererOrg.identity("orderer").tlsDir().resolve("ca.crt").toString(),
          "--channel", TestChain.CHANNEL, "--msp-dir", chain.org1.identity("User1").mspDir().toString(),
          "--msp-id", "Org1MSP", "--operations-listen", listen);
      assertThat(follow.status()).isEqualTo(2);
      assertThat(follow.err()).contains("msp channel follow: operations endpoint: cannot listen on "
          + listen + ": the address is in use").doesNotContain("\tat ");
    }
  }

  @Test
  void plainHttpOffLoopbackAndOptionsWithoutAnEndpointAreRefused() throws Exception {
    Path msp = MspFolder.builder().caCert(root).adminCert(admin).build().writeTo(tmp.resolve("msp"));
    String[] base = {"watch", "--msp-dir", msp.toString(), "--msp-id", "Org1MSP"};
    CliRun open = CliRun.of(concat(base, "--operations-listen", "0.0.0.0:" + freePort()));
    assertThat(open.status()).isEqualTo(2);
    assertThat(open.err()).contains("is not a loopback address").contains("--operations-insecure");

    CliRun orphan = CliRun.of(concat(base, "--operations-tls-cert", "c.pem", "--operations-tls-key", "k.pem"));
    assertThat(orphan.status()).isEqualTo(3);
    assertThat(orphan.err()).contains("go with --operations-listen");
    CliRun half = CliRun.of(concat(base, "--operations-listen", "127.0.0.1:0", "--operations-tls-cert", "c.pem"));
    assertThat(half.status()).isEqualTo(3);
    CliRun bad = CliRun.of(concat(base, "--operations-listen", "9443"));
    assertThat(bad.status()).isEqualTo(3);
    assertThat(bad.err()).contains("is not HOST:PORT");
    CliRun scope = CliRun.of(concat(base, "--operations-listen", "127.0.0.1:0",
        "--operations-tls-client-auth", "some"));
    assertThat(scope.status()).isEqualTo(3);
  }

  static String[] concat(String[] a, String... b) {
    String[] out = new String[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
