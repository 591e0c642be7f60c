package io.msp4j.testdata.cryptogen;

/**
 * A choice for the basic constraints extension. In YAML: {@code BasicConstraints: {CA: true,
 * PathLen: 0, Critical: true}}, or {@code BasicConstraints: {Present: false}} to leave it out.
 *
 * @param present whether the extension is written at all
 * @param ca the cA flag
 * @param pathLen the pathLenConstraint, or null for none
 * @param critical whether the extension is marked critical (cryptogen: always)
 */
public record BasicConstraintsSpec(boolean present, boolean ca, Integer pathLen, boolean critical) {
  /** No basic constraints extension. */
  public static final BasicConstraintsSpec ABSENT = new BasicConstraintsSpec(false, false, null, false);

  public BasicConstraintsSpec {
    if (pathLen != null && pathLen < 0) {
      throw new IllegalArgumentException("PathLen must not be negative: " + pathLen);
    }
  }

  /** Critical basic constraints with the given cA flag and no path length, as cryptogen writes. */
  public static BasicConstraintsSpec of(boolean ca) {
    return new BasicConstraintsSpec(true, ca, null, true);
  }
}
