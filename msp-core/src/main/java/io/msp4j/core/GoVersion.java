package io.msp4j.core;

import java.util.Comparator;

/**
 * A release of the Go toolchain, {@code go1.MINOR.PATCH}. Fabric's certificate verdicts are those
 * of the {@code crypto/x509}, {@code net/url} and {@code encoding/asn1} packages of the Go that
 * built it, so a {@link FabricRelease} names one, and the rules that moved with Go are switched
 * on by comparing against the Go release that brought them (spec Appendix F).
 *
 * @param minor the minor number ({@code 26} in {@code go1.26.4})
 * @param patch the patch number ({@code 4} in {@code go1.26.4})
 */
public record GoVersion(int minor, int patch) implements Comparable<GoVersion> {
  private static final Comparator<GoVersion> ORDER =
      Comparator.comparingInt(GoVersion::minor).thenComparingInt(GoVersion::patch);

  /** Checks the numbers. */
  public GoVersion {
    if (minor < 0 || patch < 0) {
      throw new IllegalArgumentException("negative Go version number: 1." + minor + "." + patch);
    }
  }

  /** {@code go1.minor.patch}. */
  public static GoVersion of(int minor, int patch) {
    return new GoVersion(minor, patch);
  }

  /** Whether this Go is {@code other} or newer. */
  public boolean atLeast(GoVersion other) {
    return compareTo(other) >= 0;
  }

  @Override
  public int compareTo(GoVersion o) {
    return ORDER.compare(this, o);
  }

  /** {@code 1.26.4}. */
  @Override
  public String toString() {
    return "1." + minor + "." + patch;
  }
}
