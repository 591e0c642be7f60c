package io.msp4j.cli.operations;

import io.msp4j.channel.check.Refusal;
import io.msp4j.network.BlockRefusedException;
import java.time.Instant;
import java.util.Objects;

/**
 * {@code follower.block}: fails when the last block the follower received was refused, until a
 * block at least as high is verified (on a BFT channel, from another orderer).
 */
public final class RefusedBlockCheck implements HealthCheck {
  private final FollowerEvents events;

  /** A check of {@code events}. */
  public RefusedBlockCheck(FollowerEvents events) {
    this.events = Objects.requireNonNull(events, "events");
  }

  @Override
  public String component() {
    return "follower.block";
  }

  @Override
  public HealthStatus check(Instant now) {
    FollowerEvents.State s = events.state();
    if (s.refused().isEmpty()) {
      return HealthStatus.ok();
    }
    BlockRefusedException e = s.refused().get();
    Refusal r = e.refusal();
    return HealthStatus.failed("block " + Long.toUnsignedString(e.number()) + " was refused at "
        + s.refusedAt() + ": [" + r.rule() + "] " + r.message());
  }

  @Override
  public String toString() {
    return component();
  }
}
