package io.msp4j.testdata.cryptogen;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A point in time in a spec: either a fixed instant or an offset from the generation time "now".
 * Written in YAML as an ISO-8601 instant ({@code 2030-01-01T00:00:00Z}), a date ({@code
 * 2030-01-01}, midnight UTC), {@code now}, or a signed offset such as {@code -30d}, {@code +1y},
 * {@code -1d12h} (units {@code s m h d y}; a year is 365 days).
 *
 * @param instant the fixed instant, or null when this is an offset
 * @param offset the offset from now, or null when this is a fixed instant
 */
public record TimePoint(Instant instant, Duration offset) {
  public TimePoint {
    if ((instant == null) == (offset == null)) {
      throw new IllegalArgumentException("exactly one of instant and offset must be given");
    }
  }

  /** A fixed instant. */
  public static TimePoint at(Instant instant) {
    return new TimePoint(Objects.requireNonNull(instant, "instant"), null);
  }

  /** An offset from the generation time (negative for the past). */
  public static TimePoint fromNow(Duration offset) {
    return new TimePoint(null, Objects.requireNonNull(offset, "offset"));
  }

  /** The instant this point denotes when the generation time is {@code now}. */
  public Instant resolve(Instant now) {
    return instant != null ? instant : now.plus(offset);
  }
}
