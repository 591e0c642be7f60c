package io.msp4j.core;

import java.util.Locale;

/**
 * The MSP versions Fabric knows, in order. The version is fixed when an MSP is built and decides
 * which setup steps and validation rules apply (spec VER-01, VER-04).
 */
public enum MspVersion {
  V1_0("1.0"),
  V1_1("1.1"),
  V1_3("1.3"),
  V1_4_3("1.4.3"),
  V3_0("3.0");

  private final String label;

  MspVersion(String label) {
    this.label = label;
  }

  /** The dotted form used on the command line and in documents, such as {@code 1.4.3}. */
  public String label() {
    return label;
  }

  /** Whether this version is {@code other} or later. */
  public boolean atLeast(MspVersion other) {
    return compareTo(other) >= 0;
  }

  /**
   * Parses {@code 1.0}, {@code 1.1}, {@code 1.3}, {@code 1.4.3} or {@code 3.0} (also the enum
   * names such as {@code V1_4_3}).
   *
   * @throws IllegalArgumentException naming the value when it is not a known version (VER-01)
   */
  public static MspVersion parse(String text) {
    if (text != null) {
      String t = text.trim();
      for (MspVersion v : values()) {
        if (v.label.equals(t) || v.name().equals(t.toUpperCase(Locale.ROOT))) {
          return v;
        }
      }
    }
    throw new IllegalArgumentException(
        "unknown MSP version '" + text + "' (expected 1.0, 1.1, 1.3, 1.4.3 or 3.0) [VER-01]");
  }

  @Override
  public String toString() {
    return label;
  }
}
