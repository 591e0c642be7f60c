package io.msp4j.testdata.cryptogen;

import java.util.Objects;

/**
 * Where an element of a crypto-config spec was written: the source name (usually the file name)
 * and the 1-based line. Specs built in Java have {@link #NONE}.
 *
 * @param source the name of the spec's source, for example {@code crypto-config.yaml}
 * @param line the 1-based line, or 0 when unknown
 */
public record SpecLocation(String source, int line) {
  /** The location of elements that were not read from a file. */
  public static final SpecLocation NONE = new SpecLocation("", 0);

  public SpecLocation {
    Objects.requireNonNull(source, "source");
    if (line < 0) {
      throw new IllegalArgumentException("line must not be negative: " + line);
    }
  }

  /** {@code "source:line: "}, or an empty string when the location is unknown. */
  public String prefix() {
    if (line == 0) {
      return source.isEmpty() ? "" : source + ": ";
    }
    return (source.isEmpty() ? "line " + line : source + ":" + line) + ": ";
  }

  @Override
  public String toString() {
    return line == 0 ? source : source + ":" + line;
  }
}
