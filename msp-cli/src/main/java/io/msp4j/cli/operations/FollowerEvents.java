package io.msp4j.cli.operations;

import io.msp4j.network.BlockRefusedException;
import io.msp4j.network.CensorshipEvent;
import io.msp4j.network.DeliverService;
import io.msp4j.network.DeliveredBlock;
import io.msp4j.network.Endpoint;
import io.msp4j.network.FollowListener;
import io.msp4j.network.NetworkException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What the follower's health checks read: told by the follower (on its thread) when a block
 * source connects or is lost, when censorship is declared and when a block is refused, it keeps
 * the latest as one immutable {@link State} that the operations server's threads read.
 */
public final class FollowerEvents implements FollowListener {
  private final Clock clock;
  private volatile State state;

  /**
   * The follower's state as the checks see it.
   *
   * @param source the block source connected now, empty while none is
   * @param sourceLostAt since when none is (the start, or the last disconnection)
   * @param lastFailure why the last connection failed, empty when none did
   * @param censorship a declared censorship no other source has taken over from yet
   * @param censorshipAt when it was declared
   * @param refused the last refused block, until a later block is verified
   * @param refusedAt when it was refused
   */
  record State(Optional<Endpoint> source, Instant sourceLostAt, Optional<String> lastFailure,
      Optional<CensorshipEvent> censorship, Instant censorshipAt,
      Optional<BlockRefusedException> refused, Instant refusedAt) {}

  /** Events timed by {@code clock}; no source connected from now on. */
  public FollowerEvents(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    Instant now = clock.instant();
    this.state = new State(Optional.empty(), now, Optional.empty(), Optional.empty(), now,
        Optional.empty(), now);
  }

  State state() {
    return state;
  }

  @Override
  public synchronized void connected(Endpoint endpoint, DeliverService service) {
    State s = state;
    boolean tookOver = s.censorship().isPresent()
        && !s.censorship().get().source().equals(endpoint);
    state = new State(Optional.of(endpoint), s.sourceLostAt(), s.lastFailure(),
        tookOver ? Optional.empty() : s.censorship(), s.censorshipAt(), s.refused(), s.refusedAt());
  }

  @Override
  public synchronized void disconnected(Endpoint endpoint, NetworkException cause, Duration retryIn) {
    State s = state;
    Instant lostAt = s.source().isPresent() ? clock.instant() : s.sourceLostAt();
    state = new State(Optional.empty(), lostAt,
        Optional.of(endpoint + ": " + cause.getMessage()), s.censorship(), s.censorshipAt(),
        s.refused(), s.refusedAt());
  }

  @Override
  public synchronized void delivered(DeliveredBlock block) {
    State s = state;
    Optional<Endpoint> from = block.source().or(s::source);
    boolean tookOver = s.censorship().isPresent() && from.isPresent()
        && !s.censorship().get().source().equals(from.get());
    boolean refusalOver = s.refused().isPresent()
        && Long.compareUnsigned(block.number(), s.refused().get().number()) >= 0;
    if (!tookOver && !refusalOver && from.equals(s.source())) {
      return;
    }
    state = new State(from, s.sourceLostAt(), s.lastFailure(),
        tookOver ? Optional.empty() : s.censorship(), s.censorshipAt(),
        refusalOver ? Optional.empty() : s.refused(), s.refusedAt());
  }

  @Override
  public synchronized void censorship(CensorshipEvent event) {
    State s = state;
    state = new State(s.source(), s.sourceLostAt(), s.lastFailure(), Optional.of(event),
        clock.instant(), s.refused(), s.refusedAt());
  }

  @Override
  public synchronized void refused(BlockRefusedException refusal) {
    State s = state;
    state = new State(s.source(), s.sourceLostAt(), s.lastFailure(), s.censorship(),
        s.censorshipAt(), Optional.of(refusal), clock.instant());
  }
}
