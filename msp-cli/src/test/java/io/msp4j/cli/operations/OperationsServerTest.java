package io.msp4j.cli.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class OperationsServerTest {
  private static final Instant NOW = Instant.parse("2026-03-04T05:06:07.089Z");
  private OperationsServer server;

  /** A check whose verdict the test sets. */
  private record SetCheck(String component, AtomicReference<HealthStatus> status) implements HealthCheck {
    SetCheck(String component) {
      this(component, new AtomicReference<>(HealthStatus.ok()));
    }

    @Override
    public HealthStatus check(Instant now) {
      return status.get();
    }
  }

  private final SetCheck follower = new SetCheck("follower.source");
  private final SetCheck expiry = new SetCheck("msp.expiry");

  private String start() throws OperationsStartException {
    server = OperationsServer.builder(ListenAddress.parse("127.0.0.1:0"))
        .binders(JvmMeters.binders())
        .check(follower).check(expiry)
        .version(new VersionInfo("0.1.0", "abc123"))
        .clock(Clock.fixed(NOW, ZoneOffset.UTC))
        .start();
    return server.url();
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    LogLevels levels = CommandLogging.process();
    levels.activate(CommandLogging.SILENT);
  }

  private static JsonObject json(String body) {
    return JsonParser.parseString(body).getAsJsonObject();
  }

  @Test
  void healthzIsOkWithTheTimeWhenEveryCheckPasses() throws Exception {
    Http.Answer a = Http.get(start() + "/healthz");
    assertThat(a.status()).isEqualTo(200);
    assertThat(a.contentType()).isEqualTo("application/json");
    assertThat(a.body()).isEqualTo("{\"status\":\"OK\",\"time\":\"2026-03-04T05:06:07.089Z\"}");
  }

  @Test
  void healthzIs503WithTheFailedChecksAndKeepsWarningsApart() throws Exception {
    String url = start();
    follower.status().set(HealthStatus.failed("no block source connected for 2m (limit 1m)"));
    expiry.status().set(HealthStatus.warning("1 certificate expires within 30d: ..."));
    Http.Answer a = Http.get(url + "/healthz");
    assertThat(a.status()).isEqualTo(503);
    assertThat(a.body()).isEqualTo("{\"status\":\"Service Unavailable\",\"time\":\"2026-03-04T05:06:07.089Z\","
        + "\"failed_checks\":[{\"component\":\"follower.source\",\"reason\":\"no block source connected for 2m (limit 1m)\"}],"
        + "\"warnings\":[{\"component\":\"msp.expiry\",\"reason\":\"1 certificate expires within 30d: ...\"}]}");
    follower.status().set(HealthStatus.ok());
    Http.Answer warned = Http.get(url + "/healthz");
    assertThat(warned.status()).isEqualTo(200);
    assertThat(json(warned.body()).get("status").getAsString()).isEqualTo("OK");
    assertThat(json(warned.body()).has("warnings")).isTrue();
  }

  @Test
  void metricsServeThePrometheusTextWithTheJvmAndProcessMeters() throws Exception {
    Http.Answer a = Http.get(start() + "/metrics");
    assertThat(a.status()).isEqualTo(200);
    assertThat(a.contentType()).isEqualTo("text/plain; version=0.0.4; charset=utf-8");
    assertThat(a.body()).contains("# TYPE jvm_memory_used_bytes gauge", "jvm_threads_live_threads",
        "process_uptime_seconds", "process_cpu_usage", "jvm_classes_loaded_classes");
  }

  @Test
  void versionNamesTheVersionAndCommitAsFabricDoes() throws Exception {
    Http.Answer a = Http.get(start() + "/version");
    assertThat(a.status()).isEqualTo(200);
    assertThat(a.body()).isEqualTo("{\"CommitSHA\":\"abc123\",\"Version\":\"0.1.0\"}");
  }

  @Test
  void theCommandsVersionComesFromTheBuild() {
    VersionInfo v = VersionInfo.ofCommand();
    assertThat(v.version()).isNotBlank().doesNotContain("${");
    assertThat(v.commitSha()).isNotBlank().doesNotContain("${");
  }

  @Test
  void putLogspecChangesTheLevelsInForceAndGetReadsThemBack() throws Exception {
    String url = start();
    Logger network = LoggerFactory.getLogger("io.msp4j.network.ChannelFollower");
    Logger config = LoggerFactory.getLogger("io.msp4j.config.FolderReader");
    assertThat(network.isErrorEnabled()).isFalse(); // silent, as the command starts
    Http.Answer put = Http.request("PUT", url + "/logspec", "{\"spec\":\"io.msp4j.network=debug:warn\"}", null);
    assertThat(put.status()).isEqualTo(204);
    assertThat(put.body()).isEmpty();
    assertThat(network.isDebugEnabled()).isTrue();
    assertThat(network.isTraceEnabled()).isFalse();
    assertThat(config.isInfoEnabled()).isFalse();
    assertThat(config.isWarnEnabled()).isTrue();
    Http.Answer get = Http.get(url + "/logspec");
    assertThat(get.status()).isEqualTo(200);
    assertThat(get.body()).isEqualTo("{\"spec\":\"io.msp4j.network=debug:warn\"}\n");
  }

  @Test
  void aMalformedSpecIsRefusedWith400AndTheLevelsInForceStay() throws Exception {
    String url = start();
    Http.request("PUT", url + "/logspec", "{\"spec\":\"debug\"}", null);
    for (String body : new String[] {"{\"spec\":\"io.msp4j=loud\"}", "not json", "[1]",
        "{\"spec\":3}", ""}) {
      Http.Answer a = Http.request("PUT", url + "/logspec", body, null);
      assertThat(a.status()).as(body).isEqualTo(400);
      assertThat(json(a.body()).get("error").getAsString()).as(body).isNotBlank();
    }
    Http.Answer bad = Http.request("PUT", url + "/logspec", "{\"spec\":\"io.msp4j=loud\"}", null);
    assertThat(json(bad.body()).get("error").getAsString())
        .isEqualTo("invalid logging specification 'io.msp4j=loud': bad segment 'io.msp4j=loud'");
    assertThat(Http.get(url + "/logspec").body()).isEqualTo("{\"spec\":\"debug\"}\n");
    assertThat(LoggerFactory.getLogger("io.msp4j.x").isDebugEnabled()).isTrue();
  }

  @Test
  void bodiesOverTheLimitAreRefusedWith413() throws Exception {
    String url = start();
    String huge = "{\"spec\":\"" + "a".repeat(OperationsServer.MAX_BODY_BYTES) + "\"}";
    Http.Answer a = Http.request("PUT", url + "/logspec", huge, null);
    assertThat(a.status()).isEqualTo(413);
    assertThat(Http.get(url + "/logspec").body()).isEqualTo("{\"spec\":\"fatal\"}\n");
  }

  @Test
  void unknownPathsAre404AndWrongMethods405() throws Exception {
    String url = start();
    for (String path : new String[] {"/", "/healthzz", "/healthz/", "/metrics/x", "/debug/pprof"}) {
      Http.Answer a = Http.get(url + path);
      assertThat(a.status()).as(path).isEqualTo(404);
      assertThat(a.body()).isEqualTo("404 page not found\n");
    }
    for (String path : new String[] {"/healthz", "/metrics", "/version"}) {
      Http.Answer a = Http.request("POST", url + path, "{}", null);
      assertThat(a.status()).as(path).isEqualTo(405);
      assertThat(a.allow()).isEqualTo("GET");
    }
    Http.Answer del = Http.request("DELETE", url + "/logspec", null, null);
    assertThat(del.status()).isEqualTo(405);
    assertThat(del.allow()).isEqualTo("GET, PUT");
    assertThat(json(del.body()).get("error").getAsString()).isEqualTo("invalid request method: DELETE");
    assertThat(json(Http.request("PUT", url + "/version", "{}", null).body()).get("Error").getAsString())
        .isEqualTo("invalid request method: PUT");
  }

  @Test
  void aClientThatSendsTooSlowlyIsCutOffAndOthersAreStillServed() throws Exception {
    String url = start();
    try (Socket slow = new Socket("127.0.0.1", server.address().getPort())) {
      OutputStream out = slow.getOutputStream();
      out.write("GET /healthz HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      assertThat(Http.get(url + "/healthz").status()).isEqualTo(200);
      slow.setSoTimeout(30_000);
      long started = System.nanoTime();
      InputStream in = slow.getInputStream();
      int read;
      try {
        read = in.read(); // the request never ends: the server closes the connection
      } catch (java.net.SocketTimeoutException e) {
        throw new AssertionError("the slow client was not cut off within 30 s", e);
      } catch (IOException reset) {
        read = -1; // closed with a reset: cut off too
      }
      assertThat(read).isEqualTo(-1);
      assertThat((System.nanoTime() - started) / 1_000_000_000L).isLessThan(20);
    }
  }

  @Test
  void aPortInUseIsAClearStartUpError() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      assertThatThrownBy(() -> OperationsServer.builder(
          ListenAddress.parse("127.0.0.1:" + taken.getLocalPort())).start())
          .isInstanceOf(OperationsStartException.class)
          .hasMessage("cannot listen on 127.0.0.1:" + taken.getLocalPort() + ": the address is in use");
    }
  }

  @Test
  void plainHttpIsRefusedOffLoopbackUnlessAllowed() throws Exception {
    assertThatThrownBy(() -> OperationsServer.builder(ListenAddress.parse("0.0.0.0:0")).start())
        .isInstanceOf(OperationsStartException.class)
        .hasMessageStartingWith("0.0.0.0:0 is not a loopback address: give TLS");
    server = OperationsServer.builder(ListenAddress.parse("0.0.0.0:0")).insecure(true).start();
    assertThat(Http.get("http://127.0.0.1:" + server.address().getPort() + "/healthz").status())
        .isEqualTo(200);
  }

  @Test
  void listenAddressesAreReadAsFabricWritesThem() {
    assertThat(ListenAddress.parse("[::1]:9443")).isEqualTo(new ListenAddress("::1", 9443));
    assertThat(ListenAddress.parse(":9443")).isEqualTo(new ListenAddress("", 9443));
    assertThat(ListenAddress.parse("localhost:9443").toString()).isEqualTo("localhost:9443");
    assertThatThrownBy(() -> ListenAddress.parse("9443")).hasMessageContaining("is not HOST:PORT");
    assertThatThrownBy(() -> ListenAddress.parse("::1:9443")).hasMessageContaining("brackets");
    assertThatThrownBy(() -> ListenAddress.parse("h:70000")).hasMessageContaining("0 to 65535");
  }
}
