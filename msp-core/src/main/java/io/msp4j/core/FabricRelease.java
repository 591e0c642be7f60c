package io.msp4j.core;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The Fabric release whose verdicts an MSP or a channel follows: the release of the node that
 * would judge the same input, down to its patch number, since each patch release was built with
 * another Go and so judges certificates with another {@code crypto/x509} (spec Appendix F).
 *
 * <p>A release is its {@linkplain #line() line} (what Fabric's own code does: the DELTA25 rules
 * for v2.5, the REL-DSL/YAML/FOLDER rules for v3.1) and the {@linkplain #go() Go version} its
 * {@code go.mod} names (what the certificate rules do: the REL-X509 and REL-URL rules). msp4j
 * follows every release from v2.5.12 to v2.5.16 and from v3.0.0 to v3.1.5; {@link #parse} also
 * takes a line, {@code 2.5}, {@code 3.0} or {@code 3.1}, for its newest release. Instances are
 * immutable values; the supported ones are the constants of this class.
 */
public final class FabricRelease implements Comparable<FabricRelease> {

  /** A line of releases sharing Fabric's code for everything msp4j judges. */
  public enum Line {
    /** Fabric v2.5, the long-term-support line (DELTA25 rules). */
    V2_5("2.5"),
    /** Fabric v3.0. */
    V3_0("3.0"),
    /** Fabric v3.1: v3.0's rules plus its policy parser, YAML and folder errors (REL rules). */
    V3_1("3.1");

    private final String label;

    Line(String label) {
      this.label = label;
    }

    /** {@code 2.5}, {@code 3.0} or {@code 3.1}. */
    public String label() {
      return label;
    }
  }

  public static final FabricRelease V2_5_12 = new FabricRelease(Line.V2_5, 12, GoVersion.of(23, 5));
  public static final FabricRelease V2_5_13 = new FabricRelease(Line.V2_5, 13, GoVersion.of(24, 2));
  public static final FabricRelease V2_5_14 = new FabricRelease(Line.V2_5, 14, GoVersion.of(25, 2));
  public static final FabricRelease V2_5_15 = new FabricRelease(Line.V2_5, 15, GoVersion.of(26, 0));
  public static final FabricRelease V2_5_16 = new FabricRelease(Line.V2_5, 16, GoVersion.of(26, 4));
  public static final FabricRelease V3_0_0 = new FabricRelease(Line.V3_0, 0, GoVersion.of(23, 1));
  public static final FabricRelease V3_1_0 = new FabricRelease(Line.V3_1, 0, GoVersion.of(24, 0));
  public static final FabricRelease V3_1_1 = new FabricRelease(Line.V3_1, 1, GoVersion.of(24, 2));
  public static final FabricRelease V3_1_2 = new FabricRelease(Line.V3_1, 2, GoVersion.of(25, 2));
  public static final FabricRelease V3_1_3 = new FabricRelease(Line.V3_1, 3, GoVersion.of(25, 2));
  public static final FabricRelease V3_1_4 = new FabricRelease(Line.V3_1, 4, GoVersion.of(26, 0));
  public static final FabricRelease V3_1_5 = new FabricRelease(Line.V3_1, 5, GoVersion.of(26, 4));

  /** The newest v2.5 release, {@code 2.5} on the command line. */
  public static final FabricRelease V2_5 = V2_5_16;
  /** Fabric v3.0.0, {@code 3.0} on the command line. */
  public static final FabricRelease V3_0 = V3_0_0;
  /** The newest v3.1 release, {@code 3.1} on the command line, and the default. */
  public static final FabricRelease V3_1 = V3_1_5;

  private static final List<FabricRelease> ALL = List.of(V2_5_12, V2_5_13, V2_5_14, V2_5_15,
      V2_5_16, V3_0_0, V3_1_0, V3_1_1, V3_1_2, V3_1_3, V3_1_4, V3_1_5);

  private final Line line;
  private final int patch;
  private final GoVersion go;

  private FabricRelease(Line line, int patch, GoVersion go) {
    this.line = line;
    this.patch = patch;
    this.go = go;
  }

  /** The release msp4j follows unless told otherwise: the newest, {@link #V3_1_5}. */
  public static FabricRelease defaultRelease() {
    return V3_1_5;
  }

  /** Every release msp4j follows, oldest line first, each line by patch number. */
  public static List<FabricRelease> all() {
    return ALL;
  }

  /** The newest release of {@code line}. */
  public static FabricRelease newestOf(Line line) {
    FabricRelease newest = null;
    for (FabricRelease r : ALL) {
      if (r.line == line) {
        newest = r;
      }
    }
    return newest;
  }

  /** The line of Fabric's code this release belongs to. */
  public Line line() {
    return line;
  }

  /** Whether this is a v2.5 release (the DELTA25 rules apply). */
  public boolean isV2_5() {
    return line == Line.V2_5;
  }

  /** The patch number: {@code 4} in v3.1.4. */
  public int patch() {
    return patch;
  }

  /** The Go release this Fabric release's {@code go.mod} names, whose certificate rules it has. */
  public GoVersion go() {
    return go;
  }

  /** Whether this release knows MSP version {@code version} (DELTA25-01: v2.5 has no 3.0). */
  public boolean supports(MspVersion version) {
    return !version.atLeast(MspVersion.V3_0) || !isV2_5();
  }

  /** The newest MSP version this release knows. */
  public MspVersion newestMspVersion() {
    return isV2_5() ? MspVersion.V1_4_3 : MspVersion.V3_0;
  }

  /** The full dotted form used on the command line and in documents: {@code 3.1.5}. */
  public String label() {
    return line.label() + "." + patch;
  }

  /** The releases msp4j follows, as a message names them. */
  public static String supportedText() {
    return ALL.stream().map(FabricRelease::label).collect(Collectors.joining(", "))
        + " (or a line: 2.5 = " + V2_5.label() + ", 3.0 = " + V3_0.label() + ", 3.1 = "
        + V3_1.label() + ")";
  }

  /**
   * Parses a release by its number ({@code 3.1.4}, also {@code v3.1.4}) or a line for its newest
   * release ({@code 2.5}, {@code 3.0}, {@code 3.1}; also {@code V2_5} and the like).
   *
   * @throws IllegalArgumentException naming the value and the releases msp4j follows when it is
   *     not one of them (older releases included)
   */
  public static FabricRelease parse(String text) {
    if (text != null) {
      String t = text.trim().toUpperCase(Locale.ROOT);
      if (t.startsWith("V")) {
        t = t.substring(1);
      }
      t = t.replace('_', '.');
      for (Line l : Line.values()) {
        if (l.label().equals(t)) {
          return newestOf(l);
        }
      }
      for (FabricRelease r : ALL) {
        if (r.label().equals(t)) {
          return r;
        }
      }
    }
    throw new IllegalArgumentException("unsupported Fabric release '" + text
        + "': msp4j gives the verdicts of " + supportedText());
  }

  /** Older releases first; within a line, by patch number. */
  @Override
  public int compareTo(FabricRelease o) {
    int byLine = line.compareTo(o.line);
    return byLine != 0 ? byLine : Integer.compare(patch, o.patch);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FabricRelease r && r.line == line && r.patch == patch;
  }

  @Override
  public int hashCode() {
    return Objects.hash(line, patch);
  }

  /** {@code 3.1.5}. */
  @Override
  public String toString() {
    return label();
  }
}
