package io.msp4j.cli.operations;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * {@code follower.source}: fails when the follower has had no connected block source for longer
 * than the limit ({@code --health-source-timeout}, default 1m). A follower that lost its source
 * and reconnects within the limit stays healthy.
 */
public final class SourceCheck implements HealthCheck {
  private final FollowerEvents events;
  private final Duration limit;

  /** A check of {@code events} with this limit (positive). */
  public SourceCheck(FollowerEvents events, Duration limit) {
    this.events = Objects.requireNonNull(events, "events");
    if (limit.isNegative() || limit.isZero()) {
      throw new IllegalArgumentException("the source limit must be positive: " + limit);
    }
    this.limit = limit;
  }

  @Override
  public String component() {
    return "follower.source";
  }

  @Override
  public HealthStatus check(Instant now) {
    FollowerEvents.State s = events.state();
    if (s.source().isPresent()) {
      return HealthStatus.ok();
    }
    Duration without = Duration.between(s.sourceLostAt(), now);
    if (without.compareTo(limit) <= 0) {
      return HealthStatus.ok();
    }
    return HealthStatus.failed("no block source connected for " + Durations.text(without)
        + " (limit " + Durations.text(limit) + ")"
        + s.lastFailure().map(f -> "; last failure: " + f).orElse(""));
  }

  @Override
  public String toString() {
    return component() + " (limit " + Durations.text(limit) + ")";
  }
}
