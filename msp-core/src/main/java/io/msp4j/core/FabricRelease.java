package io.msp4j.core;

import java.util.Locale;

/**
 * The Fabric release whose verdicts an MSP or a channel follows: the release of the node that
 * would judge the same input. The two releases differ only where the spec's DELTA25 rules say;
 * everything else is judged the same way at both.
 *
 * <ul>
 *   <li>{@link #V2_5}: Fabric v2.5 (the long-term-support release). It has no MSP version 3.0 and
 *       no channel capability {@code V3_0} (DELTA25-01); it cannot import Ed25519 keys (DELTA25-12);
 *       its validation has no key-algorithm step, so RSA leaves can be valid (DELTA25-02) and an RSA
 *       admin certificate passes setup (DELTA25-10).
 *   <li>{@link #V3_0}: Fabric v3.0, the default.
 * </ul>
 */
public enum FabricRelease {
  V2_5("2.5"),
  V3_0("3.0");

  private final String label;

  FabricRelease(String label) {
    this.label = label;
  }

  /** The release msp4j follows unless told otherwise: {@link #V3_0}. */
  public static FabricRelease defaultRelease() {
    return V3_0;
  }

  /** The dotted form used on the command line and in documents: {@code 2.5} or {@code 3.0}. */
  public String label() {
    return label;
  }

  /** Whether this release knows MSP version {@code version} (DELTA25-01: v2.5 has no 3.0). */
  public boolean supports(MspVersion version) {
    return version.atLeast(MspVersion.V3_0) ? this == V3_0 : true;
  }

  /** The newest MSP version this release knows. */
  public MspVersion newestMspVersion() {
    return this == V3_0 ? MspVersion.V3_0 : MspVersion.V1_4_3;
  }

  /**
   * Parses {@code 2.5} or {@code 3.0} (also {@code v2.5}, {@code V2_5} and the like).
   *
   * @throws IllegalArgumentException naming the value when it is not a release msp4j follows
   */
  public static FabricRelease parse(String text) {
    if (text != null) {
      String t = text.trim().toUpperCase(Locale.ROOT);
      if (t.startsWith("V")) {
        t = t.substring(1);
      }
      t = t.replace('_', '.');
      for (FabricRelease r : values()) {
        if (r.label.equals(t)) {
          return r;
        }
      }
    }
    throw new IllegalArgumentException(
        "unknown Fabric release '" + text + "' (expected 2.5 or 3.0)");
  }

  @Override
  public String toString() {
    return label;
  }
}
