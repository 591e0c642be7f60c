package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.network.FakeOrderingService;
import io.msp4j.network.TestChain;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Prometheus (Debian's {@code prometheus} package) scraping {@code msp channel follow
 * --operations-listen} that follows the in-process fake orderer, and {@code promtool} over the
 * alert rules of {@code docs/operations/alerts.yml}. Skipped, saying why, where the binaries are
 * missing; with {@code -Dmsp4j.requirePrometheus=true} (as {@code .ci/run} runs it) a missing
 * binary is a failure instead.
 */
class PrometheusFollowTest {
  private static final Duration WAIT = Duration.ofSeconds(90);
  @TempDir Path tmp;
  private Path prometheus;
  private Path promtool;

  @BeforeEach
  void findBinaries() {
    Optional<Path> p = OnPath.find("prometheus");
    Optional<Path> t = OnPath.find("promtool");
    if (p.isEmpty() || t.isEmpty()) {
      String why = "Debian's prometheus package (prometheus and promtool) is not installed"
          + " (apt-get install prometheus); .ci/run installs it";
      if (Boolean.getBoolean("msp4j.requirePrometheus")) {
        fail(why + ", and msp4j.requirePrometheus is set: this run must not skip the test");
      }
      Assumptions.abort(why);
    }
    prometheus = p.get();
    promtool = t.get();
  }

  private static Path docs() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isRegularFile(dir.resolve("docs/operations/alerts.yml"))) {
      dir = dir.getParent();
    }
    assertThat(dir).as("docs/operations/alerts.yml above the working directory").isNotNull();
    return dir.resolve("docs/operations");
  }

  private String run(Path dir, String... cmd) throws Exception {
    Path log = tmp.resolve("tool.log");
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String out = Files.readString(log);
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }

  @Test
  void theAlertRulesPassPromtoolsCheckAndItsTestsWithSeriesOfTheirOwn() throws Exception {
    Path docs = docs();
    assertThat(run(docs, promtool.toString(), "check", "rules", "alerts.yml"))
        .contains("SUCCESS: 7 rules found");
    assertThat(run(docs, promtool.toString(), "test", "rules", "alerts-test.yml")).contains("SUCCESS");
  }

  @Test
  void prometheusScrapesTheFollowersHeightWhichEqualsItsLastBlockPlusOne() throws Exception {
    TestChain chain = new TestChain(tmp.resolve("chain"));
    chain.appendTransactions(2); // block 1
    chain.appendTransactions(1); // block 2
    Path tls = chain.ordererOrg.identity("orderer").tlsDir();
    List<Process> started = new ArrayList<>();
    FakeOrderingService service = FakeOrderingService.start(tls, null, chain.blocks());
    try {
      int ops = OperationsCommandTest.freePort();
      Path followOut = tmp.resolve("follow.out");
      Path followErr = tmp.resolve("follow.err");
      Process follow = new ProcessBuilder(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"), Main.class.getName(),
          "channel", "follow", "--orderer", service.endpoint().toString(),
          "--tls-ca", tls.resolve("ca.crt").toString(), "--server-name", "orderer.example.com",
          "--channel", TestChain.CHANNEL, "--msp-dir", chain.org1.identity("User1").mspDir().toString(),
          "--msp-id", "Org1MSP", "--json", "--operations-listen", "127.0.0.1:" + ops,
          "--health-source-timeout", "1s", "--give-up-after", "1h")
          .redirectOutput(followOut.toFile()).redirectError(followErr.toFile()).start();
      started.add(follow);
      String url = "http://127.0.0.1:" + ops;
      assertThat(OperationsCommandTest.await(url + "/healthz", 200, WAIT).status())
          .as(() -> read(followErr)).isEqualTo(200);

      int web = OperationsCommandTest.freePort();
      Path config = Files.writeString(tmp.resolve("prometheus.yml"), String.join("\n",
          "global:",
          "  scrape_interval: 1s",
          "scrape_configs:",
          "  - job_name: msp4j",
          "    static_configs:",
          "      - targets: ['127.0.0.1:" + ops + "']",
          ""));
      Process prom = new ProcessBuilder(prometheus.toString(), "--config.file=" + config,
          "--storage.tsdb.path=" + tmp.resolve("data"), "--web.listen-address=127.0.0.1:" + web)
          .redirectErrorStream(true).redirectOutput(tmp.resolve("prometheus.log").toFile()).start();
      started.add(prom);
      String api = "http://127.0.0.1:" + web;

      long last = lastBlock(followOut, 2);
      assertThat(awaitHeight(api, last + 1)).as(() -> read(tmp.resolve("prometheus.log")))
          .isEqualTo(last + 1);

      service.chain.add(chain.appendTransactions(1)); // block 3, cut while the follower runs
      assertThat(awaitHeight(api, lastBlock(followOut, 3) + 1)).isEqualTo(4);

      service.close(); // the block source is gone: follower.source fails after 1s
      OperationsCommandTest.Answer down = OperationsCommandTest.await(url + "/healthz", 503, WAIT);
      assertThat(down.status()).isEqualTo(503);
      assertThat(down.json().getAsJsonArray("failed_checks").get(0).getAsJsonObject()
          .get("component").getAsString()).isEqualTo("follower.source");
    } finally {
      service.close();
      for (Process p : started) {
        p.destroy();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      }
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      return e.toString();
    }
  }

  /** The number of the last block the follower printed, once it printed {@code atLeast}. */
  private static long lastBlock(Path out, long atLeast) throws Exception {
    Instant end = Instant.now().plus(WAIT);
    long last = -1;
    while (last < atLeast && Instant.now().isBefore(end)) {
      for (String line : Files.readAllLines(out)) {
        JsonObject o = JsonParser.parseString(line).getAsJsonObject();
        if (o.has("number") && o.get("verified").getAsBoolean()) {
          last = Math.max(last, o.get("number").getAsLong());
        }
      }
      Thread.sleep(100);
    }
    assertThat(last).as("the follower's last block").isGreaterThanOrEqualTo(atLeast);
    return last;
  }

  /** msp4j_follower_height as Prometheus's query API answers it, once it equals {@code want}. */
  private static long awaitHeight(String api, long want) throws Exception {
    String query = api + "/api/v1/query?query="
        + URLEncoder.encode("msp4j_follower_height{job=\"msp4j\",channel=\"" + TestChain.CHANNEL + "\"}",
            StandardCharsets.UTF_8);
    Instant end = Instant.now().plus(WAIT);
    long seen = -1;
    while (seen != want && Instant.now().isBefore(end)) {
      OperationsCommandTest.Answer a = OperationsCommandTest.get(query);
      if (a.status() == 200) {
        JsonArray result = a.json().getAsJsonObject("data").getAsJsonArray("result");
        if (result.size() == 1) {
          seen = Long.parseLong(result.get(0).getAsJsonObject().getAsJsonArray("value").get(1).getAsString());
        }
      }
      Thread.sleep(250);
    }
    return seen;
  }
}
