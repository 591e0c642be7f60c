package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.core.SigningIdentity;
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
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;
import org.hyperledger.fabric.protos.orderer.BroadcastResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code msp channel follow} and {@code msp configtx submit} against a fake ordering service. */
class LiveChannelCommandsTest {
  @TempDir static Path tmp;
  @TempDir Path work;
  static TestChain chain;
  static FakeOrderingService service;
  static Path tlsCa;
  static Path userMsp;

  @BeforeAll
  static void start() throws IOException {
    chain = new TestChain(tmp);
    chain.appendTransactions(2);        // 1
    chain.appendRevocationOfOrderer2(); // 2: config
    chain.appendTransactions(1);        // 3
    Path tls = chain.ordererOrg.identity("orderer").tlsDir();
    tlsCa = tls.resolve("ca.crt");
    userMsp = chain.org1.identity("User1").mspDir();
    service = FakeOrderingService.start(tls, null, chain.blocks());
  }

  @AfterAll
  static void stop() {
    service.close();
  }

  private static List<String> follow(String... more) {
    List<String> a = new ArrayList<>(List.of("channel", "follow",
        "--orderer", service.endpoint().toString(), "--tls-ca", tlsCa.toString(),
        "--server-name", "orderer.example.com", "--channel", TestChain.CHANNEL,
        "--msp-dir", userMsp.toString(), "--msp-id", "Org1MSP", "--give-up-after", "10s"));
    a.addAll(List.of(more));
    return a;
  }

  private static List<JsonObject> lines(String out) {
    return out.lines().map(l -> JsonParser.parseString(l).getAsJsonObject()).toList();
  }

  @Test
  @Tag("DELIVER-06")
  void followPrintsAJsonLinePerBlockWithTheConfigChanges() throws IOException {
    Path block = work.resolve("current.block");
    CliRun r = CliRun.of(follow("--until", "3", "--json", "--write-config", block.toString())
        .toArray(String[]::new));
    assertThat(r.status()).as(r.err()).isZero();
    List<JsonObject> out = lines(r.out());
    assertThat(out).extracting(o -> o.get("number").getAsLong()).containsExactly(0L, 1L, 2L, 3L);
    assertThat(out).allSatisfy(o -> assertThat(o.get("verified").getAsBoolean()).isTrue());
    JsonObject tx = out.get(1);
    assertThat(tx.get("config").getAsBoolean()).isFalse();
    assertThat(tx.get("transactions").getAsInt()).isEqualTo(2);
    assertThat(tx.getAsJsonArray("signers").get(0).getAsJsonObject().get("msp_id").getAsString())
        .isEqualTo("OrdererMSP");
    JsonObject config = out.get(2);
    assertThat(config.get("config").getAsBoolean()).isTrue();
    assertThat(config.get("sequence").getAsLong()).isEqualTo(1);
    JsonObject change = config.getAsJsonArray("changes").get(0).getAsJsonObject();
    assertThat(change.get("kind").getAsString()).isEqualTo("revocation_added");
    assertThat(change.get("detail").getAsString()).startsWith("serial ");
    assertThat(Files.readAllBytes(block)).isEqualTo(chain.block(2).toByteArray());
    assertThat(lines(r.err())).extracting(o -> o.get("event").getAsString()).contains("connected");
  }

  @Test
  @Tag("DELIVER-01")
  void followFromTheStateFilePrintsOnlyWhatComesAfter() {
    String state = work.resolve("state.json").toString();
    assertThat(CliRun.of(follow("--until", "1", "--state", state).toArray(String[]::new)).status())
        .isZero();
    CliRun again = CliRun.of(follow("--until", "3", "--state", state, "--from", "3")
        .toArray(String[]::new));
    assertThat(again.status()).as(again.err()).isZero();
    assertThat(again.out().lines().toList()).singleElement().satisfies(l ->
        assertThat(l).startsWith("block 3: verified, 1 transaction, signed by OrdererMSP"));
  }

  @Test
  @Tag("DELIVER-05")
  void aRefusedBlockExitsOneWithTheRefusal() {
    service.tamper = b -> b.getHeader().getNumber() == 1
        ? TestChain.sign(b.toBuilder().clearMetadata().build(), 0, chain.org1Admin) : b;
    try {
      CliRun r = CliRun.of(follow("--json").toArray(String[]::new));
      assertThat(r.status()).isEqualTo(1);
      JsonObject refused = lines(r.out()).get(1);
      assertThat(refused.get("verified").getAsBoolean()).isFalse();
      JsonObject refusal = refused.getAsJsonObject("refusal");
      assertThat(refusal.get("check").getAsString()).isEqualTo("DELIVER-05");
      assertThat(refusal.get("reason").getAsString()).isEqualTo("POLICY_NOT_SATISFIED");
    } finally {
      service.tamper = b -> b;
    }
  }

  @Test
  void forbiddenAndUnknownChannelsAndUnreachableEndpointsExitTwo() throws IOException {
    service.deliverStatus = Status.FORBIDDEN;
    try {
      CliRun r = CliRun.of(follow().toArray(String[]::new));
      assertThat(r.status()).isEqualTo(2);
      assertThat(r.err()).contains("access refused").doesNotContain("\tat ");
      service.deliverStatus = Status.NOT_FOUND;
      r = CliRun.of(follow().toArray(String[]::new));
      assertThat(r.status()).isEqualTo(2);
      assertThat(r.err()).contains("the channel is unknown");
    } finally {
      service.deliverStatus = null;
    }
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    List<String> a = follow();
    a.set(3, "127.0.0.1:" + port);
    a.set(a.indexOf("10s"), "1s");
    CliRun r = CliRun.of(a.toArray(String[]::new));
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).contains("no endpoint reachable");
  }

  @Test
  void aWrongTlsCaExitsTwo() {
    List<String> a = follow();
    a.set(5, chain.org1.identity("User1").tlsDir().resolve("ca.crt").toString());
    CliRun r = CliRun.of(a.toArray(String[]::new));
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).contains("TLS failure");
  }

  @Test
  void followUsageErrorsExitThree() {
    List<String> both = follow("--peer", "127.0.0.1:1");
    assertThat(CliRun.of(both.toArray(String[]::new)).status()).isEqualTo(3);
    List<String> bad = follow();
    bad.set(3, "no-port");
    assertThat(CliRun.of(bad.toArray(String[]::new)).status()).isEqualTo(3);
  }

  private Path update(SigningIdentity... admins) throws IOException {
    Config c = chain.config();
    ConfigGroup orderer = c.getChannelGroup().getGroupsOrThrow("Orderer");
    ConfigValue bt = orderer.getValuesOrThrow("BatchTimeout").toBuilder()
        .setValue(BatchTimeout.newBuilder().setTimeout("5s").build().toByteString()).build();
    Config updated = c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder()
        .putGroups("Orderer", orderer.toBuilder().putValues("BatchTimeout", bt).build())).build();
    Envelope e = ConfigUpdates.envelope(ConfigUpdates.compute(c, updated, TestChain.CHANNEL));
    for (SigningIdentity s : admins) {
      e = ConfigUpdates.sign(ConfigUpdateRequest.parse(e.toByteArray()), s, new SecureRandom(),
          Clock.systemUTC());
    }
    Path p = work.resolve("update.pb");
    Files.write(p, e.toByteArray());
    return p;
  }

  private static List<String> submit(Path envelope, String... more) {
    List<String> a = new ArrayList<>(List.of("configtx", "submit",
        "--orderer", service.endpoint().toString(), "--tls-ca", tlsCa.toString(),
        "--server-name", "orderer.example.com", "--envelope", envelope.toString()));
    a.addAll(List.of(more));
    return a;
  }

  @Test
  @Tag("BROADCAST-01")
  void submitPrintsTheOrderersStatusAndExitsByIt() throws IOException {
    Path env = update(chain.ordererAdmin);
    service.broadcastAnswer = e -> BroadcastResponse.newBuilder().setStatus(Status.SUCCESS).build();
    CliRun ok = CliRun.of(submit(env, "--json").toArray(String[]::new));
    assertThat(ok.status()).as(ok.err()).isZero();
    JsonObject o = JsonParser.parseString(ok.out()).getAsJsonObject();
    assertThat(o.get("submitted").getAsBoolean()).isTrue();
    assertThat(o.get("status").getAsString()).isEqualTo("SUCCESS");
    assertThat(o.get("check").isJsonNull()).isTrue();

    service.broadcastAnswer = e -> BroadcastResponse.newBuilder().setStatus(Status.FORBIDDEN)
        .setInfo("implicit policy evaluation failed").build();
    CliRun refused = CliRun.of(submit(env).toArray(String[]::new));
    assertThat(refused.status()).isEqualTo(1);
    assertThat(refused.out()).contains("orderer: FORBIDDEN: implicit policy evaluation failed");
  }

  @Test
  @Tag("BROADCAST-01")
  void submitWithTheCurrentBlockDoesNotSendWhatTheCheckRejects() throws IOException {
    Path current = work.resolve("current.block");
    Block genesis = chain.block(0);
    Files.write(current, genesis.toByteArray());
    int before = service.broadcasts.size();
    CliRun r = CliRun.of(submit(update(chain.org1Admin), "--block", current.toString(), "--json")
        .toArray(String[]::new));
    assertThat(r.status()).isEqualTo(1);
    JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
    assertThat(o.get("submitted").getAsBoolean()).isFalse();
    assertThat(o.get("status").isJsonNull()).isTrue();
    assertThat(o.getAsJsonObject("check").get("accepted").getAsBoolean()).isFalse();
    assertThat(service.broadcasts).hasSize(before);
  }

  @Test
  void submitOfAnUnreadableEnvelopeExitsTwo() throws IOException {
    Path junk = work.resolve("junk.pb");
    Files.write(junk, new byte[] {(byte) 0xff, 0x01});
    CliRun r = CliRun.of(submit(junk, "--block", chain.genesisBytes().length > 0
        ? writeGenesis().toString() : "").toArray(String[]::new));
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.err()).contains("not a usable config update");
  }

  private Path writeGenesis() throws IOException {
    Path p = work.resolve("genesis.block");
    Files.write(p, chain.genesisBytes());
    return p;
  }
}
