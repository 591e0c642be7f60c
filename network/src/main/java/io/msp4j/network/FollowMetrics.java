package io.msp4j.network;

import java.time.Duration;
import java.util.Collections;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a {@link ChannelFollower} has done, as plain numbers a host can export to its own metrics
 * system: the block source, the last block, each orderer's verified headers, the censorship
 * suspicions and switches. Read from any thread; written by the follower's.
 */
public final class FollowMetrics {
  private volatile Optional<Endpoint> currentSource = Optional.empty();
  private volatile OptionalLong lastBlock = OptionalLong.empty();
  private final Map<Endpoint, LongAdder> headersSeen = new ConcurrentHashMap<>();
  private final LongAdder blocks = new LongAdder();
  private final LongAdder suspicions = new LongAdder();
  private final LongAdder censorships = new LongAdder();
  private final LongAdder verified = new LongAdder();
  private final LongAdder verificationNanos = new LongAdder();
  private volatile int headerStreamsUp;

  FollowMetrics() {}

  /** The endpoint blocks are read from now (the last one tried while none is connected). */
  public Optional<Endpoint> currentSource() {
    return currentSource;
  }

  /** The number of the last verified block, empty before the follower is anchored. */
  public OptionalLong lastBlock() {
    return lastBlock;
  }

  /** Blocks verified and handed on in this run (the anchor included). */
  public long blocks() {
    return blocks.sum();
  }

  /** How many verified headers each orderer's header stream delivered (DELIVER-BFT-02). */
  public Map<Endpoint, Long> headersSeen() {
    Map<Endpoint, Long> out = new TreeMap<>(Comparator.comparing(Endpoint::toString));
    headersSeen.forEach((e, n) -> out.put(e, n.sum()));
    return Collections.unmodifiableMap(out);
  }

  /** How many times verified headers ran ahead of the blocks (a suspicion, DELIVER-BFT-03). */
  public long suspicions() {
    return suspicions.sum();
  }

  /** How many times a suspicion outlived the censorship timeout and the source was left. */
  public long censorships() {
    return censorships.sum();
  }

  /**
   * Blocks the follower verified in this run (DELIVER-02..06), as counted by {@link
   * #verificationTime()}: every block it accepted except an anchor, which is taken, not verified.
   */
  public long verified() {
    return verified.sum();
  }

  /**
   * The time spent verifying the {@link #verified()} blocks, each from its arrival to its verdict
   * (a config block's new configuration loaded and applied included), by the JVM's monotonic
   * clock.
   */
  public Duration verificationTime() {
    return Duration.ofNanos(verificationNanos.sum());
  }

  /** How many header streams of other orderers are open now (DELIVER-BFT-02); 0 when none watch. */
  public int headerStreamsUp() {
    return headerStreamsUp;
  }

  void source(Endpoint e) {
    currentSource = Optional.of(e);
  }

  void block(long number) {
    lastBlock = OptionalLong.of(number);
    blocks.increment();
  }

  /** The counter of one orderer's verified headers. */
  Runnable headerCounter(Endpoint e) {
    return headersSeen.computeIfAbsent(e, k -> new LongAdder())::increment;
  }

  void verification(long nanos) {
    verified.increment();
    verificationNanos.add(nanos);
  }

  void headerStreams(int up) {
    headerStreamsUp = up;
  }

  void suspicion() {
    suspicions.increment();
  }

  void censorship() {
    censorships.increment();
  }

  @Override
  public String toString() {
    return "FollowMetrics{source=" + currentSource.map(Endpoint::toString).orElse("none")
        + ", lastBlock=" + (lastBlock.isPresent() ? Long.toUnsignedString(lastBlock.getAsLong())
            : "none") + ", headers=" + headersSeen() + ", suspicions=" + suspicions()
        + ", censorships=" + censorships() + "}";
  }
}
