package io.msp4j.network.internal;

import java.time.Duration;

/** Bounded exponential backoff: initial, doubled each attempt, never above the maximum. */
public final class Backoff {
  private final Duration initial;
  private final Duration max;

  public Backoff(Duration initial, Duration max) {
    this.initial = initial;
    this.max = max;
  }

  /** The delay before retry number {@code attempt} (0 for the first retry). */
  public Duration delay(int attempt) {
    int shift = Math.min(attempt, 30);
    long millis = initial.toMillis() << shift;
    return millis <= 0 || millis > max.toMillis() ? max : Duration.ofMillis(millis);
  }
}
