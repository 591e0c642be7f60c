package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;
import org.hyperledger.fabric.protos.orderer.SeekInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Raft channel served by three fake orderers over TLS, whose configuration names all three:
 * with {@code watchHeaders} the follower also reads the two others' headers and leaves a source
 * that stalls with its connection open (DELIVER-BFT-03, beyond Fabric's BFT-only monitor);
 * without it, it reads one stream, as Fabric's peers do on Raft.
 */
class RaftHeaderWatchTest {
  private static final Duration TIMEOUT = Duration.ofMillis(1500);

  @TempDir Path tmp;
  private final List<FakeOrderingService> orderers = new ArrayList<>();
  private TestChain chain;
  private Path ordererTls;
  private final ExecutorService runner = Executors.newSingleThreadExecutor();
  private final List<Long> delivered = new CopyOnWriteArrayList<>();
  private final List<CensorshipEvent> censorships = new CopyOnWriteArrayList<>();
  private final List<Instant> censorshipTimes = new CopyOnWriteArrayList<>();
  private ChannelFollower follower;
  private Future<FollowOutcome> outcome;

  @BeforeEach
  void start() throws Exception {
    // The orderers' endpoints are known once they listen, and the genesis block names them: the
    // servers take their TLS material from a first tree.
    TestChain material = new TestChain(tmp.resolve("material"));
    ordererTls = material.ordererOrg.identity("orderer").tlsDir();
    for (int i = 0; i < 3; i++) {
      orderers.add(FakeOrderingService.start(ordererTls, null, List.of()));
    }
    chain = new TestChain(tmp.resolve("chain"), orderers.stream()
        .map(o -> o.endpoint().toString()).toArray(String[]::new));
    chain.appendTransactions(1);
    chain.appendTransactions(1);
    publish();
  }

  @AfterEach
  void stop() throws Exception {
    if (follower != null) {
      follower.close();
      outcome.get(10, TimeUnit.SECONDS);
    }
    runner.shutdownNow();
    orderers.forEach(FakeOrderingService::close);
  }

  private void publish() {
    for (FakeOrderingService o : orderers) {
      o.chain.addAll(chain.blocks().subList(o.chain.size(), chain.blocks().size()));
    }
  }

  private void follow(boolean watch) throws Exception {
    ConnectionOptions connection = ConnectionOptions.builder()
        .tlsRootCert("ca.crt", Files.readAllBytes(ordererTls.resolve("ca.crt")))
        .serverName("orderer.example.com")
        .connectTimeout(Duration.ofSeconds(2))
        .endpoint(orderers.get(0).endpoint())
        .build();
    follower = ChannelFollower.builder(TestChain.CHANNEL, connection, chain.org1User)
        .anchor(chain.genesisBytes())
        .censorshipTimeout(TIMEOUT)
        .watchHeaders(watch)
        .giveUpAfter(Duration.ofSeconds(30))
        .listener(new FollowListener() {
          @Override
          public void delivered(DeliveredBlock b) {
            delivered.add(b.number());
          }

          @Override
          public void censorship(CensorshipEvent e) {
            censorships.add(e);
            censorshipTimes.add(Instant.now());
          }
        })
        .build();
    outcome = runner.submit(follower::run);
  }

  private void await(BooleanSupplier condition, Duration within) throws Exception {
    FollowerWaits.await(follower, condition, within);
  }

  private void awaitBlock(long n) throws Exception {
    FollowerWaits.awaitBlock(follower, n);
  }

  private FakeOrderingService source() {
    return FollowerWaits.source(follower, orderers);
  }

  @Test
  @Tag("DELIVER-BFT-03")
  void withWatchHeadersAStalledRaftSourceIsLeftWithinTheTimeout() throws Exception {
    follow(true);
    awaitBlock(2);
    FakeOrderingService stalled = source();
    stalled.stalled = true;
    Instant at = Instant.now();
    chain.appendTransactions(1);
    chain.appendTransactions(1);
    publish();
    await(() -> !censorships.isEmpty(), TIMEOUT.plusSeconds(5));
    assertThat(Duration.between(at, censorshipTimes.get(0))).isLessThan(TIMEOUT.plusSeconds(1));
    assertThat(censorships.get(0).source()).isEqualTo(stalled.endpoint());
    awaitBlock(4);
    assertThat(delivered).containsExactlyElementsOf(LongStream.rangeClosed(0, 4).boxed().toList());
    assertThat(follower.metrics().headersSeen()).isNotEmpty();
  }

  @Test
  @Tag("DELIVER-BFT-01")
  void withoutItARaftFollowerReadsOneStreamAndWaits() throws Exception {
    follow(false);
    awaitBlock(2);
    FakeOrderingService stalled = source();
    stalled.stalled = true;
    chain.appendTransactions(1);
    publish();
    Thread.sleep(TIMEOUT.multipliedBy(3).toMillis());
    assertThat(censorships).isEmpty();
    assertThat(follower.metrics().lastBlock()).hasValue(2);
    for (FakeOrderingService o : orderers) {
      assertThat(o.streams(SeekInfo.SeekContentType.HEADER_WITH_SIG)).isZero();
    }
  }
}
