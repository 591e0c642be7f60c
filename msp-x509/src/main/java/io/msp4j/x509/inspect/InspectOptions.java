package io.msp4j.x509.inspect;

import io.msp4j.x509.ConfigSources;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Options of an inspection.
 *
 * @param clock gives the instant the marks are computed at (tests pass a fixed clock)
 * @param expiryWindow how far ahead {@link Mark#EXPIRING} looks; not negative
 * @param sources names the file behind each configuration entry, as the folder reader reports it
 */
public record InspectOptions(Clock clock, Duration expiryWindow, ConfigSources sources) {
  /** The default expiry window: 30 days. */
  public static final Duration DEFAULT_WINDOW = Duration.ofDays(30);

  public InspectOptions {
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(expiryWindow, "expiryWindow");
    Objects.requireNonNull(sources, "sources");
    if (expiryWindow.isNegative()) {
      throw new IllegalArgumentException("expiry window must not be negative: " + expiryWindow);
    }
  }

  /** The system clock, a 30-day window, no file names. */
  public static InspectOptions defaults() {
    return new InspectOptions(Clock.systemUTC(), DEFAULT_WINDOW, ConfigSources.none());
  }

  /** These options with another clock. */
  public InspectOptions withClock(Clock c) {
    return new InspectOptions(c, expiryWindow, sources);
  }

  /** These options with another expiry window. */
  public InspectOptions withExpiryWindow(Duration window) {
    return new InspectOptions(clock, window, sources);
  }

  /** These options with source names for the configuration's entries. */
  public InspectOptions withSources(ConfigSources s) {
    return new InspectOptions(clock, expiryWindow, s);
  }
}
