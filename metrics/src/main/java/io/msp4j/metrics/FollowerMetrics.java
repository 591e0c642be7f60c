package io.msp4j.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.msp4j.network.BlockRefusedException;
import io.msp4j.network.ChannelFollower;
import io.msp4j.network.DeliverService;
import io.msp4j.network.DeliveredBlock;
import io.msp4j.network.Endpoint;
import io.msp4j.network.FollowListener;
import io.msp4j.network.FollowMetrics;
import io.msp4j.network.NetworkException;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The meters of a {@link ChannelFollower}, tagged {@code channel}: its height, the blocks it
 * verified and refused, config blocks applied, how long ago the last block came, the block source,
 * the header streams, censorship suspicions and declarations, source switches, reconnections and
 * the verification time per block (see {@code docs/operations.md} for the table).
 *
 * <pre>{@code
 * FollowerMetrics.of(follower).bindTo(registry);   // before or while it runs
 * }</pre>
 *
 * <p>Gauges and most counters read {@link ChannelFollower#metrics()}; the rest are counted by a
 * {@link FollowListener} added to the follower when bound: one counter increment per event on
 * the follower's thread. Bind to one registry (a composite one to publish to several).
 */
public final class FollowerMetrics implements MeterBinder {
  private final ChannelFollower follower;
  private final Tags tags;

  private FollowerMetrics(ChannelFollower follower, Tags tags) {
    this.follower = follower;
    this.tags = tags;
  }

  /** The meters of {@code follower}, tagged {@code channel} (its channel) and {@code extraTags}. */
  public static FollowerMetrics of(ChannelFollower follower, Tag... extraTags) {
    Objects.requireNonNull(follower, "follower");
    return new FollowerMetrics(follower,
        Tags.of(extraTags).and(MeterNames.CHANNEL, follower.channelId()));
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    FollowMetrics m = follower.metrics();
    Gauge.builder("msp4j.follower.height", m, FollowerMetrics::height)
        .description("The number of the last verified block plus one (0 before the anchor)")
        .tags(tags).register(registry);
    FunctionCounter.builder("msp4j.follower.blocks.verified", m, x -> x.blocks())
        .description("Blocks verified and handed on (the anchor included)")
        .tags(tags).register(registry);
    Gauge.builder("msp4j.follower.header.streams", m, x -> x.headerStreamsUp())
        .description("Other orderers' header streams open now").tags(tags).register(registry);
    FunctionCounter.builder("msp4j.follower.censorship.suspicions", m, x -> x.suspicions())
        .description("Times verified headers ran ahead of the blocks").tags(tags)
        .register(registry);
    FunctionCounter.builder("msp4j.follower.censorships", m, x -> x.censorships())
        .description("Suspicions that outlived the censorship timeout: the source was left")
        .tags(tags).register(registry);
    FunctionTimer.builder("msp4j.follower.block.verification", m, x -> x.verified(),
            x -> x.verificationTime().toNanos(), TimeUnit.NANOSECONDS)
        .description("Time from a block's arrival to its verdict").tags(tags)
        .register(registry);
    Events events = new Events(registry, tags, m);
    Gauge.builder("msp4j.follower.last.block.age", events, Events::secondsSinceLastBlock)
        .description("Seconds since the last block was verified (since binding before the first)")
        .baseUnit("seconds").tags(tags).register(registry);
    Gauge.builder("msp4j.follower.source.connected", events, Events::connectedNow)
        .description("1 while a block source is connected, 0 while none is (the stalled signal)")
        .tags(tags).register(registry);
    m.currentSource().ifPresent(events::sourceGauge);
    follower.addListener(events);
  }

  private static double height(FollowMetrics m) {
    OptionalLong last = m.lastBlock();
    return last.isPresent() ? last.getAsLong() + 1.0 : 0;
  }

  /** What the follower tells as it goes: counters, and a gauge per source as it appears. */
  private static final class Events implements FollowListener {
    private final MeterRegistry registry;
    private final Tags tags;
    private final FollowMetrics metrics;
    private final Counter configBlocks;
    private final Counter reconnects;
    private final Counter switches;
    private final Set<Endpoint> sourcesSeen = ConcurrentHashMap.newKeySet();
    private volatile long lastBlockNanos;
    /** The source connected last, to count switches; follower thread only. */
    private Endpoint lastConnected;
    /** Whether a source is connected now (a disconnection clears it until the next connection). */
    private volatile boolean connected;

    Events(MeterRegistry registry, Tags tags, FollowMetrics metrics) {
      this.registry = registry;
      this.tags = tags;
      this.metrics = metrics;
      this.lastBlockNanos = registry.config().clock().monotonicTime();
      this.configBlocks = Counter.builder("msp4j.follower.config.blocks")
          .description("Configurations applied to the channel (the anchor's included)")
          .tags(tags).register(registry);
      this.reconnects = Counter.builder("msp4j.follower.reconnects")
          .description("Connections to a block source that failed or broke and were retried")
          .tags(tags).register(registry);
      this.switches = Counter.builder("msp4j.follower.source.switches")
          .description("Times the block source changed to another orderer or peer")
          .tags(tags).register(registry);
    }

    double connectedNow() {
      return connected ? 1 : 0;
    }

    double secondsSinceLastBlock() {
      long now = registry.config().clock().monotonicTime();
      return (now - lastBlockNanos) / 1e9;
    }

    void sourceGauge(Endpoint e) {
      if (sourcesSeen.add(e)) {
        String name = e.toString();
        Gauge.builder("msp4j.follower.source", metrics,
                m -> m.currentSource().map(c -> c.toString().equals(name) ? 1.0 : 0.0).orElse(0.0))
            .description("1 for the endpoint blocks are read from now, 0 for the others seen")
            .tags(tags).tag(MeterNames.SOURCE, name).register(registry);
      }
    }

    @Override
    public void connected(Endpoint endpoint, DeliverService service) {
      connected = true;
      sourceGauge(endpoint);
      if (lastConnected != null && !lastConnected.equals(endpoint)) {
        switches.increment();
      }
      lastConnected = endpoint;
    }

    @Override
    public void disconnected(Endpoint endpoint, NetworkException cause, Duration retryIn) {
      connected = false;
      reconnects.increment();
      if (cause.kind() == NetworkException.Kind.REFUSED
          && cause.getCause() instanceof BlockRefusedException r) {
        refused(r); // on a BFT channel: one orderer's block refused, the follower goes on
      }
    }

    @Override
    public void delivered(DeliveredBlock block) {
      lastBlockNanos = registry.config().clock().monotonicTime();
      if (block.config().isPresent()) {
        configBlocks.increment();
      }
    }

    @Override
    public void refused(BlockRefusedException refusal) {
      Counter.builder("msp4j.follower.blocks.refused")
          .description("Blocks refused, by the reason of the refusal")
          .tags(tags).tag(MeterNames.REASON, refusal.refusal().reason().name())
          .register(registry).increment();
    }
  }
}
