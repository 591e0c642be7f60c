package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.SeekInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A follower of a SmartBFT channel served by four fake orderers over TLS, each signing blocks as
 * a BFT quorum does: blocks from one orderer, verified headers from the three others, and the
 * block source left when it withholds blocks that the headers show exist (DELIVER-BFT-01..05).
 */
class BftFollowerTest {
  private static final Duration TIMEOUT = Duration.ofMillis(1500);

  @TempDir Path tmp;
  private BftNetwork net;
  private final ExecutorService runner = Executors.newSingleThreadExecutor();
  private final Recorder recorder = new Recorder();
  private ChannelFollower follower;
  private Future<FollowOutcome> outcome;

  /** Records what the follower tells, with times. */
  static final class Recorder implements FollowListener {
    final List<Long> delivered = new CopyOnWriteArrayList<>();
    final List<Endpoint> sources = new CopyOnWriteArrayList<>();
    final List<CensorshipEvent> censorships = new CopyOnWriteArrayList<>();
    final List<Instant> censorshipTimes = new CopyOnWriteArrayList<>();
    final List<NetworkException> disconnects = new CopyOnWriteArrayList<>();

    @Override
    public void delivered(DeliveredBlock b) {
      delivered.add(b.number());
      sources.add(b.source().orElse(null));
    }

    @Override
    public void censorship(CensorshipEvent e) {
      censorships.add(e);
      censorshipTimes.add(Instant.now());
    }

    @Override
    public void disconnected(Endpoint e, NetworkException cause, Duration retryIn) {
      disconnects.add(cause);
    }
  }

  @BeforeEach
  void start() throws Exception {
    net = BftNetwork.start(tmp);
    net.chain.appendTransactions(1);
    net.chain.appendTransactions(1);
    net.publish();
  }

  @AfterEach
  void stop() throws Exception {
    if (follower != null) {
      follower.close();
      outcome.get(10, TimeUnit.SECONDS);
    }
    runner.shutdownNow();
    net.close();
  }

  private void follow(ChannelFollowerBuilder b) {
    follower = b.build();
    outcome = runner.submit(follower::run);
  }

  private ChannelFollowerBuilder follower() throws Exception {
    return ChannelFollower.builder(BftTestChain.CHANNEL, net.connection().build(),
            net.chain.org1User)
        .anchor(net.chain.genesisBytes())
        .censorshipTimeout(TIMEOUT)
        .giveUpAfter(Duration.ofSeconds(30))
        .listener(recorder);
  }

  /** Appends {@code n} blocks of one transaction and serves them on every orderer. */
  private void append(int n) {
    for (int i = 0; i < n; i++) {
      net.chain.appendTransactions(1);
    }
    net.publish();
  }

  private void await(BooleanSupplier condition, Duration within) throws Exception {
    FollowerWaits.await(follower, condition, within);
  }

  private void awaitBlock(long number) throws Exception {
    FollowerWaits.awaitBlock(follower, number);
  }

  private FakeOrderingService orderer(Endpoint e) {
    return net.orderers().stream().filter(o -> o.endpoint().equals(e)).findFirst().orElseThrow();
  }

  private FakeOrderingService source() {
    return orderer(follower.metrics().currentSource().orElseThrow());
  }

  /** Every block once, in order, from the anchor to {@code last}. */
  private void assertEachBlockOnce(long last) {
    assertThat(recorder.delivered).containsExactlyElementsOf(
        LongStream.rangeClosed(0, last).boxed().toList());
  }

  @Test
  @Tag("DELIVER-BFT-01")
  void blocksFromOneOrdererAndVerifiedHeadersFromEachOther() throws Exception {
    follow(follower());
    awaitBlock(2);
    append(3);
    awaitBlock(5);
    FakeOrderingService source = source();
    await(() -> follower.metrics().headersSeen().size() == 3
        && follower.metrics().headersSeen().values().stream().allMatch(n -> n >= 3),
        Duration.ofSeconds(10));
    assertThat(follower.metrics().headersSeen()).doesNotContainKey(source.endpoint());
    for (FakeOrderingService o : net.orderers()) {
      if (o != source) {
        assertThat(o.streams(SeekInfo.SeekContentType.HEADER_WITH_SIG)).isPositive();
      }
    }
    assertThat(source.streams(SeekInfo.SeekContentType.BLOCK)).isPositive();
    assertThat(follower.metrics().censorships()).isZero();
    assertEachBlockOnce(5);
    assertThat(recorder.sources.subList(1, recorder.sources.size())).containsOnly(source.endpoint());
  }

  @Test
  @Tag("DELIVER-BFT-03")
  @Tag("DELIVER-BFT-04")
  void anOrdererThatWithholdsBlocksIsLeftWithinTheTimeoutNothingLostOrRepeated() throws Exception {
    follow(follower());
    awaitBlock(2);
    FakeOrderingService censor = source();
    censor.withholdBlocks = true;
    Instant withheld = Instant.now();
    append(3);
    await(() -> !recorder.censorships.isEmpty(), TIMEOUT.plusSeconds(5));
    Duration toSwitch = Duration.between(withheld, recorder.censorshipTimes.get(0));
    assertThat(toSwitch).isGreaterThanOrEqualTo(TIMEOUT).isLessThan(TIMEOUT.plusSeconds(1));
    CensorshipEvent e = recorder.censorships.get(0);
    assertThat(e.source()).isEqualTo(censor.endpoint());
    assertThat(e.lastBlock()).isEqualTo(2);
    assertThat(e.header()).isGreaterThan(2);
    assertThat(e.switchedTo()).isNotEqualTo(censor.endpoint());
    awaitBlock(5);
    assertThat(follower.metrics().currentSource()).contains(e.switchedTo());
    assertThat(recorder.disconnects).anyMatch(d -> d.kind() == NetworkException.Kind.CENSORED);
    append(2);
    awaitBlock(7);
    assertEachBlockOnce(7);
    assertThat(follower.metrics().censorships()).isEqualTo(1);
    assertThat(follower.metrics().suspicions()).isPositive();
  }

  @Test
  @Tag("DELIVER-BFT-03")
  void aStalledSourceWithItsConnectionOpenIsLeft() throws Exception {
    follow(follower());
    awaitBlock(2);
    FakeOrderingService stalled = source();
    stalled.stalled = true;
    append(2);
    await(() -> !recorder.censorships.isEmpty(), TIMEOUT.plusSeconds(5));
    awaitBlock(4);
    assertEachBlockOnce(4);
    assertThat(recorder.censorships.get(0).source()).isEqualTo(stalled.endpoint());
  }

  @Test
  @Tag("DELIVER-BFT-02")
  void headersSignedByTooFewConsentersAreIgnored() throws Exception {
    int[] two = {1, 2};
    assertHeadersIgnored(h -> net.chain.sign(h.toBuilder().clearMetadata().build(),
        0, two));
  }

  @Test
  @Tag("DELIVER-BFT-02")
  void aForgedHeaderAheadIsIgnored() throws Exception {
    // Signed by a quorum, then changed: the signatures no longer cover it.
    assertHeadersIgnored(h -> h.toBuilder().setHeader(BlockHeader.newBuilder(h.getHeader())
        .setDataHash(com.google.protobuf.ByteString.copyFromUtf8("forged"))).build());
  }

  /**
   * The block source withholds; of the others, two send nothing and one sends headers that do
   * not verify: no suspicion can stand on them, so no switch. Once one honest orderer sends its
   * headers again, the switch comes.
   */
  private void assertHeadersIgnored(Function<Block, Block> forge) throws Exception {
    follow(follower());
    awaitBlock(2);
    FakeOrderingService source = source();
    List<FakeOrderingService> others = net.orderers().stream().filter(o -> o != source).toList();
    source.withholdBlocks = true;
    others.get(0).stalled = true;
    others.get(1).stalled = true;
    others.get(2).headerTamper = forge;
    Thread.sleep(200); // a suspicion raised by a header that came before its block clears
    long seenBefore = follower.metrics().headersSeen().getOrDefault(others.get(2).endpoint(), 0L);
    long suspicionsBefore = follower.metrics().suspicions();
    append(2);
    Thread.sleep(TIMEOUT.multipliedBy(3).toMillis());
    assertThat(recorder.censorships).isEmpty();
    assertThat(follower.metrics().suspicions()).isEqualTo(suspicionsBefore);
    assertThat(follower.metrics().currentSource()).contains(source.endpoint());
    assertThat(follower.metrics().headersSeen().getOrDefault(others.get(2).endpoint(), 0L))
        .isEqualTo(seenBefore);
    others.get(0).stalled = false;
    await(() -> !recorder.censorships.isEmpty(), TIMEOUT.plusSeconds(15));
    awaitBlock(4);
    assertEachBlockOnce(4);
  }

  @Test
  @Tag("DELIVER-BFT-05")
  void aConsenterRemovedByAConfigBlockChangesTheQuorumAndTheSources() throws Exception {
    follow(follower());
    awaitBlock(2);
    FakeOrderingService source = source();
    int removed = net.orderers().indexOf(source) == 3 ? 3 : 4;
    FakeOrderingService gone = net.orderer(removed);
    net.chain.appendConsenterRemoval(removed);
    net.publish();
    awaitBlock(3);
    // Two of three is a quorum only under the new configuration.
    net.chain.appendTransactions(1, 1, 2);
    net.chain.appendTransactions(1, 1, 2);
    net.publish();
    awaitBlock(5);
    Thread.sleep(300);
    int opened = gone.streams(SeekInfo.SeekContentType.HEADER_WITH_SIG)
        + gone.streams(SeekInfo.SeekContentType.BLOCK);
    append(2);
    awaitBlock(7);
    Thread.sleep(300);
    assertThat(gone.streams(SeekInfo.SeekContentType.HEADER_WITH_SIG)
        + gone.streams(SeekInfo.SeekContentType.BLOCK)).isEqualTo(opened);
    assertEachBlockOnce(7);
  }

  @Test
  @Tag("DELIVER-BFT-04")
  void theBlockSourceKilledTheFollowerResumesElsewhere() throws Exception {
    follow(follower());
    awaitBlock(2);
    FakeOrderingService killed = source();
    killed.close();
    append(3);
    awaitBlock(5);
    assertThat(follower.metrics().currentSource()).isNotEqualTo(killed.endpoint());
    assertEachBlockOnce(5);
    assertThat(recorder.censorships).isEmpty();
  }

  @Test
  @Tag("DELIVER-BFT-04")
  void allSourcesDownThenBack() throws Exception {
    follow(follower());
    awaitBlock(2);
    for (FakeOrderingService o : net.orderers()) {
      o.deliverStatus = Status.SERVICE_UNAVAILABLE;
    }
    source().stalled = true; // the open stream goes silent too
    append(2);
    Thread.sleep(1500);
    for (FakeOrderingService o : net.orderers()) {
      o.deliverStatus = null;
      o.stalled = false;
    }
    awaitBlock(4);
    append(1);
    awaitBlock(5);
    assertEachBlockOnce(5);
    assertThat(outcome.isDone()).isFalse();
  }

  @Test
  @Tag("DELIVER-BFT-04")
  void aBlockRefusedFromOneOrdererMovesToAnotherNotAStop() throws Exception {
    follow(follower());
    awaitBlock(2);
    FakeOrderingService bad = source();
    int[] two = {1, 2};
    bad.tamper = b -> b.getHeader().getNumber() == 3
        ? net.chain.sign(b.toBuilder().clearMetadata().build(), 0, two) : b;
    append(2);
    awaitBlock(4);
    assertEachBlockOnce(4);
    assertThat(follower.metrics().currentSource()).isNotEqualTo(bad.endpoint());
    assertThat(recorder.disconnects).anyMatch(d -> d.kind() == NetworkException.Kind.REFUSED);
    assertThat(outcome.isDone()).isFalse();
  }
}
