package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.network.Endpoint;
import io.msp4j.network.FakeOrderingService;
import io.msp4j.network.TestChain;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;
import org.hyperledger.fabric.protos.orderer.BroadcastResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code msp configtx submit} to several fake orderers: Raft in turn, BFT with a quorum. */
class SubmitCommandClusterTest {
  @TempDir static Path tmp;
  static TestChain chain;
  static Path tlsCa;
  static Path envelope;
  static final List<FakeOrderingService> services = new ArrayList<>();
  static String down;

  @BeforeAll
  static void start() throws IOException {
    chain = new TestChain(tmp.resolve("chain"));
    Path tls = chain.ordererOrg.identity("orderer").tlsDir();
    tlsCa = tls.resolve("ca.crt");
    for (int i = 0; i < 4; i++) {
      services.add(FakeOrderingService.start(tls, null, chain.blocks()));
    }
    try (ServerSocket s = new ServerSocket(0)) {
      down = new Endpoint("127.0.0.1", s.getLocalPort()).toString();
    }
    Config c = chain.config();
    ConfigGroup orderer = c.getChannelGroup().getGroupsOrThrow("Orderer");
    ConfigValue bt = orderer.getValuesOrThrow("BatchTimeout").toBuilder()
        .setValue(BatchTimeout.newBuilder().setTimeout("5s").build().toByteString()).build();
    Config updated = c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder()
        .putGroups("Orderer", orderer.toBuilder().putValues("BatchTimeout", bt).build())).build();
    Envelope e = ConfigUpdates.sign(ConfigUpdateRequest.parse(ConfigUpdates.envelope(
            ConfigUpdates.compute(c, updated, TestChain.CHANNEL)).toByteArray()),
        chain.ordererAdmin, new SecureRandom(), Clock.systemUTC());
    envelope = tmp.resolve("update.pb");
    Files.write(envelope, e.toByteArray());
  }

  @AfterAll
  static void stop() {
    services.forEach(FakeOrderingService::close);
  }

  @BeforeEach
  void reset() {
    for (FakeOrderingService f : services) {
      f.broadcasts.clear();
      f.broadcastAnswer = answer(Status.SUCCESS, "");
    }
  }

  static java.util.function.Function<Envelope, BroadcastResponse> answer(Status s, String info) {
    return e -> BroadcastResponse.newBuilder().setStatus(s).setInfo(info).build();
  }

  static String at(int i) {
    return services.get(i).endpoint().toString();
  }

  private static CliRun submit(List<String> orderers, String... more) {
    List<String> a = new ArrayList<>(List.of("configtx", "submit", "--tls-ca", tlsCa.toString(),
        "--server-name", "orderer.example.com", "--envelope", envelope.toString()));
    orderers.forEach(o -> a.addAll(List.of("--orderer", o)));
    a.addAll(List.of(more));
    return CliRun.of(a.toArray(String[]::new));
  }

  private static List<String> statuses(JsonObject o) {
    List<String> s = new ArrayList<>();
    for (JsonElement e : o.getAsJsonArray("orderers")) {
      s.add(e.getAsJsonObject().get("status").getAsString());
    }
    return s;
  }

  @Test
  @Tag("BROADCAST-01")
  void raftJsonListsEachOrdererAndExitsZeroWhenTheSecondAnswers() {
    CliRun r = submit(List.of(down, at(0), at(1)), "--json");
    assertThat(r.status()).as(r.err()).isZero();
    JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
    assertThat(o.keySet()).containsExactly("submitted", "status", "info", "check", "consensus",
        "orderers");
    assertThat(o.get("status").getAsString()).isEqualTo("SUCCESS");
    assertThat(o.get("consensus").getAsString()).isEqualTo("RAFT");
    JsonArray orderers = o.getAsJsonArray("orderers");
    assertThat(orderers.get(0).getAsJsonObject().get("endpoint").getAsString()).isEqualTo(down);
    assertThat(statuses(o)).containsExactly("UNREACHABLE", "SUCCESS", "NOT_SENT");
    assertThat(services.get(1).broadcasts).isEmpty();
  }

  @Test
  @Tag("BROADCAST-01")
  void raftRetriesServiceUnavailableThenSucceeds() {
    AtomicInteger calls = new AtomicInteger();
    services.get(0).broadcastAnswer = e -> BroadcastResponse.newBuilder()
        .setStatus(calls.incrementAndGet() <= 2 ? Status.SERVICE_UNAVAILABLE : Status.SUCCESS)
        .build();
    CliRun r = submit(List.of(at(0)), "--json");
    assertThat(r.status()).as(r.err()).isZero();
    JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
    assertThat(o.getAsJsonArray("orderers").get(0).getAsJsonObject().get("attempts").getAsInt())
        .isEqualTo(3);
  }

  @Test
  @Tag("BROADCAST-01")
  void raftBadRequestExitsOneAndIsNotSentElsewhere() {
    services.get(0).broadcastAnswer = answer(Status.BAD_REQUEST, "error applying config update");
    CliRun r = submit(List.of(at(0), at(1)));
    assertThat(r.status()).isEqualTo(1);
    assertThat(r.out()).contains("orderer: BAD_REQUEST: error applying config update",
        "  " + at(1) + ": NOT_SENT");
    assertThat(services.get(1).broadcasts).isEmpty();
  }

  @Test
  @Tag("BROADCAST-01")
  void allOrderersDownExitsTwoAfterTheGiveUpTime() {
    long start = System.nanoTime();
    CliRun r = submit(List.of(down, down), "--give-up-after", "1s");
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).contains("no orderer answered within 1s (the give-up time)", down);
    assertThat(millis).isGreaterThanOrEqualTo(900);
  }

  @Test
  @Tag("BROADCAST-01")
  void bftWithOneForbiddenAndOneDownIsRefusedExitOne() {
    services.get(1).broadcastAnswer = answer(Status.FORBIDDEN, "signature set did not satisfy policy");
    CliRun r = submit(List.of(at(0), at(1), down, at(3)), "--consensus", "bft", "--json");
    assertThat(r.status()).isEqualTo(1);
    JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
    assertThat(o.get("status").getAsString()).isEqualTo("SERVICE_UNAVAILABLE");
    assertThat(o.get("info").getAsString()).isEqualTo("only 2 of 4 orderers accepted it, the BFT quorum is 3");
    assertThat(o.get("consensus").getAsString()).isEqualTo("BFT");
    assertThat(statuses(o)).containsExactly("SUCCESS", "FORBIDDEN", "UNREACHABLE", "SUCCESS");
    assertThat(o.getAsJsonArray("orderers").get(1).getAsJsonObject().get("info").getAsString())
        .isEqualTo("signature set did not satisfy policy");
  }

  @Test
  @Tag("BROADCAST-01")
  void bftWithAQuorumExitsZero() {
    services.get(1).broadcastAnswer = answer(Status.FORBIDDEN, "signature set did not satisfy policy");
    CliRun r = submit(List.of(at(0), at(1), at(2), at(3)), "--consensus", "BFT");
    assertThat(r.status()).as(r.err()).isZero();
    assertThat(r.out()).contains("orderer: SUCCESS: 3 of 4 orderers accepted it (BFT quorum 3)",
        "  " + at(1) + ": FORBIDDEN: signature set did not satisfy policy");
    services.forEach(s -> assertThat(s.broadcasts).hasSize(1));
  }

  @Test
  void submitUsageErrorsExitThree() {
    assertThat(submit(List.of(at(0)), "--consensus", "kafka").status()).isEqualTo(3);
    assertThat(submit(List.of(at(0), "no-port")).status()).isEqualTo(3);
    assertThat(submit(List.of(at(0)), "--give-up-after", "0s").status()).isEqualTo(3);
  }
}
