package io.msp4j.testdata.cryptogen;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The validity window of certificates. Unset parts take cryptogen's defaults: notBefore is "now"
 * rounded to the minute less five minutes, and the lifetime is 3650 days. In YAML:
 *
 * <pre>
 * Validity:
 *   NotBefore: -2y        # or an instant, a date, or now
 *   NotAfter: -1d         # or Lifetime: 50y (not both)
 * </pre>
 *
 * @param notBefore the start, or null for cryptogen's default
 * @param notAfter the end, or null to use {@code lifetime}
 * @param lifetime the time from notBefore to notAfter, or null for the default (when {@code
 *     notAfter} is null too)
 */
public record Validity(TimePoint notBefore, TimePoint notAfter, Duration lifetime) {
  /** cryptogen's certificate lifetime: 3650 days. */
  public static final Duration CRYPTOGEN_LIFETIME = Duration.ofDays(3650);

  /** All defaults (cryptogen's window). */
  public static final Validity DEFAULT = new Validity(null, null, null);

  public Validity {
    if (notAfter != null && lifetime != null) {
      throw new IllegalArgumentException("give NotAfter or Lifetime, not both");
    }
    if (lifetime != null && (lifetime.isNegative() || lifetime.isZero())) {
      throw new IllegalArgumentException("Lifetime must be positive: " + lifetime);
    }
  }

  /** A window that starts at cryptogen's default notBefore and lasts {@code lifetime}. */
  public static Validity lasting(Duration lifetime) {
    return new Validity(null, null, lifetime);
  }

  /** A window between two points. */
  public static Validity between(TimePoint notBefore, TimePoint notAfter) {
    return new Validity(notBefore, notAfter, null);
  }

  /** cryptogen's notBefore: {@code now} rounded to the nearest minute, less five minutes. */
  public static Instant cryptogenNotBefore(Instant now) {
    Instant floor = now.truncatedTo(ChronoUnit.MINUTES);
    Duration rest = Duration.between(floor, now);
    Instant rounded = rest.compareTo(Duration.ofSeconds(30)) >= 0 ? floor.plusSeconds(60) : floor;
    return rounded.minus(Duration.ofMinutes(5));
  }

  /** The notBefore instant for generation time {@code now}. */
  public Instant notBeforeAt(Instant now) {
    return notBefore != null ? notBefore.resolve(now) : cryptogenNotBefore(now);
  }

  /** The notAfter instant for generation time {@code now}. */
  public Instant notAfterAt(Instant now) {
    if (notAfter != null) {
      return notAfter.resolve(now);
    }
    return notBeforeAt(now).plus(lifetime != null ? lifetime : CRYPTOGEN_LIFETIME);
  }
}
