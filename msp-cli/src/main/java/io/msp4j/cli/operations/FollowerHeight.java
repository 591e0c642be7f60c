package io.msp4j.cli.operations;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.msp4j.network.FollowMetrics;
import java.util.Objects;

/**
 * {@code msp4j.follower.height} (Prometheus: {@code msp4j_follower_height}), tag {@code channel}:
 * the follower's height as Fabric counts a ledger's, the number of the last verified block plus
 * one (0 before anything is verified). The metrics module's follower binder supersedes this one
 * when it is bound; until then the operations endpoint serves at least the height.
 */
public final class FollowerHeight implements MeterBinder {
  private final String channel;
  private final FollowMetrics metrics;

  /** The height of the follower of {@code channel} that keeps {@code metrics}. */
  public FollowerHeight(String channel, FollowMetrics metrics) {
    this.channel = Objects.requireNonNull(channel, "channel");
    this.metrics = Objects.requireNonNull(metrics, "metrics");
  }

  /** The height now: the last verified block's number plus one, 0 before any. */
  static double height(FollowMetrics m) {
    return m.lastBlock().isPresent() ? (double) m.lastBlock().getAsLong() + 1 : 0;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    Gauge.builder("msp4j.follower.height", metrics, FollowerHeight::height)
        .description("The number of the last verified block plus one (as a ledger's height)")
        .tag("channel", channel)
        .register(registry);
  }
}
