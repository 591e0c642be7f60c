package io.msp4j.cli.operations;

import io.msp4j.network.CensorshipEvent;
import java.time.Instant;
import java.util.Objects;

/**
 * {@code follower.censorship}: fails from the moment the follower declares its block source
 * censoring (DELIVER-BFT-03) until another source takes over (connects, or delivers a block).
 */
public final class CensorshipCheck implements HealthCheck {
  private final FollowerEvents events;

  /** A check of {@code events}. */
  public CensorshipCheck(FollowerEvents events) {
    this.events = Objects.requireNonNull(events, "events");
  }

  @Override
  public String component() {
    return "follower.censorship";
  }

  @Override
  public HealthStatus check(Instant now) {
    FollowerEvents.State s = events.state();
    if (s.censorship().isEmpty()) {
      return HealthStatus.ok();
    }
    CensorshipEvent e = s.censorship().get();
    return HealthStatus.failed(e.source() + " withheld blocks: header "
        + Long.toUnsignedString(e.header()) + " was verified from other orderers, the last block is "
        + Long.toUnsignedString(e.lastBlock()) + " (DELIVER-BFT-03, declared at " + s.censorshipAt()
        + "); no other source has taken over yet (next: " + e.switchedTo() + ")");
  }

  @Override
  public String toString() {
    return component();
  }
}
