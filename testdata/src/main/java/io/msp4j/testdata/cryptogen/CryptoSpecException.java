package io.msp4j.testdata.cryptogen;

import java.util.Objects;

/**
 * A crypto-config spec that cannot be used: a YAML syntax error, an unknown key, a value of the
 * wrong type or range, or a reference to something the spec does not define. The message starts
 * with the place, {@code <source>:<line>: }, when the problem has one (for example {@code
 * crypto-config.yaml:12: unknown key 'Cout' in Template}).
 */
public final class CryptoSpecException extends IllegalArgumentException {
  private final SpecLocation location;
  private final String problem;

  /**
   * @param location where the problem is; {@link SpecLocation#NONE} for specs built in Java
   * @param problem what is wrong, without the location prefix
   */
  public CryptoSpecException(SpecLocation location, String problem) {
    super(Objects.requireNonNull(location, "location").prefix() + problem);
    this.location = location;
    this.problem = problem;
  }

  /** Where the problem is. */
  public SpecLocation location() {
    return location;
  }

  /** The 1-based line of the problem, or 0 when unknown. */
  public int line() {
    return location.line();
  }

  /** The problem without the location prefix. */
  public String problem() {
    return problem;
  }
}
