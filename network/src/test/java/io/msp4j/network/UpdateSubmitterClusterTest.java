package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.BroadcastResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Submitting to several orderers (BROADCAST-01): a Raft cluster tried in turn with backoff until
 * the give-up time, and a BFT service sent to all at once with Fabric v3 gateway's quorum.
 */
class UpdateSubmitterClusterTest {
  @TempDir static Path tmp;
  static TestChain chain;
  static Path tls;
  static final List<FakeOrderingService> services = new ArrayList<>();
  static Endpoint down;
  static final Envelope ENVELOPE = Envelope.newBuilder()
      .setPayload(com.google.protobuf.ByteString.copyFromUtf8("an update")).build();

  @BeforeAll
  static void start() throws Exception {
    chain = new TestChain(tmp);
    tls = chain.ordererOrg.identity("orderer").tlsDir();
    for (int i = 0; i < 4; i++) {
      services.add(FakeOrderingService.start(tls, null, List.of()));
    }
    try (ServerSocket s = new ServerSocket(0)) {
      down = new Endpoint("127.0.0.1", s.getLocalPort());
    }
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

  static ConnectionOptions to(Endpoint... endpoints) throws IOException {
    ConnectionOptions.Builder b = ConnectionOptions.builder()
        .tlsRootCert("ca.crt", Files.readAllBytes(tls.resolve("ca.crt")))
        .serverName("orderer.example.com");
    for (Endpoint e : endpoints) {
      b.endpoint(e);
    }
    return b.build();
  }

  static Endpoint at(int i) {
    return services.get(i).endpoint();
  }

  static UpdateSubmitter.Builder raft(Endpoint... endpoints) throws IOException {
    return UpdateSubmitter.builder(to(endpoints)).consensus(OrderingConsensus.RAFT)
        .backoff(Duration.ofMillis(50), Duration.ofMillis(200));
  }

  static UpdateSubmitter bft(Endpoint... endpoints) throws IOException {
    return UpdateSubmitter.builder(to(endpoints)).consensus(OrderingConsensus.BFT)
        .answerTimeout(Duration.ofSeconds(5)).giveUpAfter(Duration.ofSeconds(10)).build();
  }

  @Test
  @Tag("BROADCAST-01")
  void raftMovesOnWhenTheFirstOrdererIsDown() throws IOException {
    BroadcastOutcome o = raft(down, at(0), at(1)).build().send(ENVELOPE, OrderingConsensus.RAFT);
    assertThat(o.verdict().status()).isEqualTo(Status.SUCCESS);
    assertThat(o.orderers()).extracting(OrdererStatus::status)
        .containsExactly("UNREACHABLE", "SUCCESS", OrdererStatus.NOT_SENT);
    assertThat(services.get(0).broadcasts).containsExactly(ENVELOPE);
    assertThat(services.get(1).broadcasts).isEmpty();
  }

  @Test
  @Tag("BROADCAST-01")
  void raftRetriesServiceUnavailableWithBackoffUntilSuccess() throws IOException {
    AtomicInteger calls = new AtomicInteger();
    services.get(0).broadcastAnswer = e -> BroadcastResponse.newBuilder()
        .setStatus(calls.incrementAndGet() <= 2 ? Status.SERVICE_UNAVAILABLE : Status.SUCCESS)
        .setInfo(calls.get() <= 2 ? "no Raft leader" : "").build();
    long start = System.nanoTime();
    BroadcastOutcome o = raft(at(0)).build().send(ENVELOPE, OrderingConsensus.RAFT);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(o.verdict().status()).isEqualTo(Status.SUCCESS);
    assertThat(o.orderers().get(0).attempts()).isEqualTo(3);
    assertThat(services.get(0).broadcasts).hasSize(3);
    assertThat(millis).as("backoff of 50 ms then 100 ms").isGreaterThanOrEqualTo(150);
  }

  @Test
  @Tag("BROADCAST-01")
  void raftRetriesOverTheEndpointsInTurn() throws IOException {
    services.get(0).broadcastAnswer = answer(Status.SERVICE_UNAVAILABLE, "no Raft leader");
    AtomicInteger calls = new AtomicInteger();
    services.get(1).broadcastAnswer = e -> BroadcastResponse.newBuilder()
        .setStatus(calls.incrementAndGet() == 1 ? Status.SERVICE_UNAVAILABLE : Status.SUCCESS)
        .build();
    BroadcastOutcome o = raft(at(0), at(1)).build().send(ENVELOPE, OrderingConsensus.RAFT);
    assertThat(o.verdict().status()).isEqualTo(Status.SUCCESS);
    assertThat(services.get(0).broadcasts).hasSize(2);
    assertThat(services.get(1).broadcasts).hasSize(2);
  }

  @Test
  @Tag("BROADCAST-01")
  void raftGivesUpWhenAllAreDown() throws IOException {
    Endpoint alsoDown;
    try (ServerSocket s = new ServerSocket(0)) {
      alsoDown = new Endpoint("127.0.0.1", s.getLocalPort());
    }
    UpdateSubmitter u = raft(down, alsoDown).giveUpAfter(Duration.ofMillis(800)).build();
    long start = System.nanoTime();
    NetworkException e = assertThrows(NetworkException.class,
        () -> u.send(ENVELOPE, OrderingConsensus.RAFT));
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertThat(e.kind()).isEqualTo(NetworkException.Kind.UNREACHABLE);
    assertThat(e.getMessage()).startsWith("no orderer answered within 0.8s (the give-up time)")
        .contains(down + " (", alsoDown + " (", "attempts)", "unreachable");
    assertThat(millis).isBetween(700L, 5_000L);
  }

  @Test
  @Tag("BROADCAST-01")
  void raftGivingUpReturnsTheLastAnswerHeard() throws IOException {
    services.get(0).broadcastAnswer = answer(Status.SERVICE_UNAVAILABLE, "no Raft leader");
    BroadcastOutcome o = raft(down, at(0)).giveUpAfter(Duration.ofMillis(500)).build()
        .send(ENVELOPE, OrderingConsensus.RAFT);
    assertThat(o.verdict()).isEqualTo(new BroadcastResult(Status.SERVICE_UNAVAILABLE,
        "no Raft leader"));
    assertThat(o.orderers().get(0).status()).isEqualTo("UNREACHABLE");
    assertThat(o.orderers().get(1).attempts()).isGreaterThan(1);
  }

  @Test
  @Tag("BROADCAST-01")
  void raftBadRequestIsFinalAndNotSentElsewhere() throws IOException {
    services.get(0).broadcastAnswer = answer(Status.BAD_REQUEST, "error applying config update");
    BroadcastOutcome o = raft(at(0), at(1)).build().send(ENVELOPE, OrderingConsensus.RAFT);
    assertThat(o.verdict()).isEqualTo(new BroadcastResult(Status.BAD_REQUEST,
        "error applying config update"));
    assertThat(services.get(0).broadcasts).hasSize(1);
    assertThat(services.get(1).broadcasts).isEmpty();
    assertThat(o.orderers()).extracting(OrdererStatus::status)
        .containsExactly("BAD_REQUEST", OrdererStatus.NOT_SENT);
  }

  @Test
  @Tag("BROADCAST-01")
  void raftForbiddenIsFinal() throws IOException {
    services.get(1).broadcastAnswer = answer(Status.FORBIDDEN, "implicit policy evaluation failed");
    BroadcastOutcome o = raft(down, at(1), at(2)).build().send(ENVELOPE, OrderingConsensus.RAFT);
    assertThat(o.verdict().status()).isEqualTo(Status.FORBIDDEN);
    assertThat(services.get(2).broadcasts).isEmpty();
  }

  static io.msp4j.channel.Channel withConsensusType(String type) {
    org.hyperledger.fabric.protos.common.Config c = chain.config();
    org.hyperledger.fabric.protos.common.ConfigGroup orderer =
        c.getChannelGroup().getGroupsOrThrow("Orderer");
    org.hyperledger.fabric.protos.common.ConfigValue v =
        org.hyperledger.fabric.protos.common.ConfigValue.newBuilder().setModPolicy("Admins")
            .setValue(org.hyperledger.fabric.protos.orderer.ConsensusType.newBuilder()
                .setType(type).build().toByteString()).build();
    return io.msp4j.channel.Channel.load(c.toBuilder().setChannelGroup(c.getChannelGroup()
        .toBuilder().putGroups("Orderer", orderer.toBuilder().putValues("ConsensusType", v)
            .build())).build());
  }

  @Test
  void theConsensusIsReadFromTheChannelAsFabricsGatewayReadsIt() {
    assertThat(OrderingConsensus.of(withConsensusType("BFT"))).contains(OrderingConsensus.BFT);
    assertThat(OrderingConsensus.of(withConsensusType("etcdraft"))).contains(OrderingConsensus.RAFT);
    assertThat(OrderingConsensus.ofType("solo")).isEqualTo(OrderingConsensus.RAFT);
    assertThat(OrderingConsensus.ofType("bft")).isEqualTo(OrderingConsensus.RAFT);
  }

  @Test
  void theBftQuorumIsFabricsGatewayQuorum() {
    assertThat(OrderingConsensus.bftQuorum(1)).isEqualTo(1);
    assertThat(OrderingConsensus.bftQuorum(3)).isEqualTo(2);
    assertThat(OrderingConsensus.bftQuorum(4)).isEqualTo(3);
    assertThat(OrderingConsensus.bftQuorum(5)).isEqualTo(4);
    assertThat(OrderingConsensus.bftQuorum(6)).isEqualTo(4);
    assertThat(OrderingConsensus.bftQuorum(7)).isEqualTo(5);
    assertThat(OrderingConsensus.bftQuorum(10)).isEqualTo(7);
  }

  @Test
  @Tag("BROADCAST-01")
  void bftSendsToAllFour() throws IOException {
    BroadcastOutcome o = bft(at(0), at(1), at(2), at(3)).send(ENVELOPE, OrderingConsensus.BFT);
    assertThat(o.verdict().status()).isEqualTo(Status.SUCCESS);
    assertThat(o.verdict().info()).isEqualTo("4 of 4 orderers accepted it (BFT quorum 3)");
    assertThat(o.orderers()).extracting(OrdererStatus::status).containsOnly("SUCCESS");
    services.forEach(s -> assertThat(s.broadcasts).containsExactly(ENVELOPE));
  }

  @Test
  @Tag("BROADCAST-01")
  void bftWithOneDownHasItsQuorum() throws IOException {
    BroadcastOutcome o = bft(at(0), down, at(2), at(3)).send(ENVELOPE, OrderingConsensus.BFT);
    assertThat(o.verdict().status()).isEqualTo(Status.SUCCESS);
    assertThat(o.orderers()).extracting(OrdererStatus::status)
        .containsExactly("SUCCESS", "UNREACHABLE", "SUCCESS", "SUCCESS");
  }

  @Test
  @Tag("BROADCAST-01")
  void bftWithOneForbiddenHasItsQuorum() throws IOException {
    services.get(1).broadcastAnswer = answer(Status.FORBIDDEN, "signature set did not satisfy policy");
    BroadcastOutcome o = bft(at(0), at(1), at(2), at(3)).send(ENVELOPE, OrderingConsensus.BFT);
    assertThat(o.verdict().status()).isEqualTo(Status.SUCCESS);
    assertThat(o.orderers().get(1).status()).isEqualTo("FORBIDDEN");
    assertThat(o.orderers().get(1).info()).isEqualTo("signature set did not satisfy policy");
  }

  @Test
  @Tag("BROADCAST-01")
  void bftWithTooFewSuccessesIsServiceUnavailable() throws IOException {
    services.get(1).broadcastAnswer = answer(Status.FORBIDDEN, "signature set did not satisfy policy");
    BroadcastOutcome o = bft(at(0), at(1), down, at(3)).send(ENVELOPE, OrderingConsensus.BFT);
    assertThat(o.verdict().status()).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(o.verdict().info())
        .isEqualTo("only 2 of 4 orderers accepted it, the BFT quorum is 3");
    assertThat(o.orderers()).extracting(OrdererStatus::status)
        .containsExactly("SUCCESS", "FORBIDDEN", "UNREACHABLE", "SUCCESS");
  }

  @Test
  @Tag("BROADCAST-01")
  void bftCountsRequestAlreadyExistsAsAccepted() throws IOException {
    services.get(0).broadcastAnswer = answer(Status.SERVICE_UNAVAILABLE,
        "failed to submit request: request already exists");
    services.get(1).broadcastAnswer = answer(Status.SERVICE_UNAVAILABLE, "no leader");
    BroadcastOutcome o = bft(at(0), at(1), at(2), at(3)).send(ENVELOPE, OrderingConsensus.BFT);
    assertThat(o.verdict().status()).isEqualTo(Status.SUCCESS);
    assertThat(o.verdict().info()).startsWith("3 of 4");
  }

  @Test
  @Tag("BROADCAST-01")
  void bftWithNoOrdererAnsweringIsANetworkFailure() throws IOException {
    NetworkException e = assertThrows(NetworkException.class,
        () -> bft(down, down).send(ENVELOPE, OrderingConsensus.BFT));
    assertThat(e.kind()).isEqualTo(NetworkException.Kind.UNREACHABLE);
    assertThat(e.getMessage()).startsWith("no orderer answered: ");
  }

  @Test
  @Tag("BROADCAST-01")
  void bftIsNotRetried() throws IOException {
    services.forEach(s -> s.broadcastAnswer = answer(Status.SERVICE_UNAVAILABLE, "no leader"));
    BroadcastOutcome o = bft(at(0), at(1), at(2), at(3)).send(ENVELOPE, OrderingConsensus.BFT);
    assertThat(o.verdict().status()).isEqualTo(Status.SERVICE_UNAVAILABLE);
    services.forEach(s -> assertThat(s.broadcasts).hasSize(1));
  }
}
