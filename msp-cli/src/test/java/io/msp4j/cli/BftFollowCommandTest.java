package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.network.BftNetwork;
import io.msp4j.network.BftTestChain;
import io.msp4j.network.CensorshipEvent;
import io.msp4j.network.Endpoint;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code msp channel follow} on a SmartBFT channel of four fake orderers. */
class BftFollowCommandTest {
  @TempDir static Path tmp;
  static BftNetwork net;

  @BeforeAll
  static void start() throws Exception {
    net = BftNetwork.start(tmp);
    net.chain.appendTransactions(2);
    net.chain.appendTransactions(1);
    net.publish();
  }

  @AfterAll
  static void stop() {
    net.close();
  }

  private static List<String> follow(String... more) {
    List<String> a = new ArrayList<>(List.of("channel", "follow",
        "--orderer", net.endpoints().get(0).toString(),
        "--tls-ca", net.chain.tlsDir(1).resolve("ca.crt").toString(),
        "--channel", BftTestChain.CHANNEL,
        "--msp-dir", net.chain.org1.identity("User1").mspDir().toString(), "--msp-id", "Org1MSP",
        "--give-up-after", "10s"));
    a.addAll(List.of(more));
    return a;
  }

  @Test
  @Tag("DELIVER-BFT-01")
  void eachJsonBlockLineNamesTheOrdererItCameFrom() {
    CliRun r = CliRun.of(follow("--until", "2", "--json", "--censorship-timeout", "1500ms",
        "--watch-headers").toArray(String[]::new));
    assertThat(r.status()).as(r.err()).isZero();
    List<JsonObject> out = r.out().lines().map(l -> JsonParser.parseString(l).getAsJsonObject())
        .toList();
    assertThat(out).extracting(o -> o.get("number").getAsLong()).containsExactly(0L, 1L, 2L);
    List<String> endpoints = net.endpoints().stream().map(Endpoint::toString).toList();
    assertThat(out).allSatisfy(o -> assertThat(endpoints).contains(o.get("source").getAsString()));
  }

  @Test
  void aCensorshipTimeoutMustBeADuration() {
    CliRun r = CliRun.of(follow("--censorship-timeout", "soon").toArray(String[]::new));
    assertThat(r.status()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).contains("'soon' is not a duration");
    CliRun zero = CliRun.of(follow("--censorship-timeout", "0s").toArray(String[]::new));
    assertThat(zero.status()).isEqualTo(ExitCodes.USAGE);
    assertThat(zero.err()).contains("--censorship-timeout must be positive");
  }

  @Test
  @Tag("DELIVER-BFT-03")
  void aCensorshipIsALineOfItsOwnAmongTheBlocks() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    FollowOutput o = new FollowOutput(new PrintWriter(out), new PrintWriter(err), true, 0);
    o.censorship(new CensorshipEvent(new Endpoint("127.0.0.1", 7060), 23, 22,
        Instant.parse("2026-12-06T00:05:23.537Z"), new Endpoint("127.0.0.1", 7080)));
    JsonObject line = JsonParser.parseString(out.toString().strip()).getAsJsonObject();
    JsonObject c = line.getAsJsonObject("censorship_suspected");
    assertThat(c.get("source").getAsString()).isEqualTo("127.0.0.1:7060");
    assertThat(c.get("header").getAsLong()).isEqualTo(23);
    assertThat(c.get("last_block").getAsLong()).isEqualTo(22);
    assertThat(c.get("suspected_at").getAsString()).isEqualTo("2026-12-06T00:05:23.537Z");
    assertThat(line.get("switched_to").getAsString()).isEqualTo("127.0.0.1:7080");
    FollowOutput text = new FollowOutput(new PrintWriter(out), new PrintWriter(err), false, 0);
    text.censorship(new CensorshipEvent(new Endpoint("127.0.0.1", 7060), 23, 22,
        Instant.parse("2026-12-06T00:05:23.537Z"), new Endpoint("127.0.0.1", 7080)));
    assertThat(err.toString()).contains("127.0.0.1:7060 withheld blocks: header 23")
        .contains("(DELIVER-BFT-03); switching to 127.0.0.1:7080");
  }
}
