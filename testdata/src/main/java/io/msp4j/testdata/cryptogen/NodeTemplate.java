package io.msp4j.testdata.cryptogen;

import java.util.List;
import java.util.Objects;

/**
 * cryptogen's {@code Template}: {@code count} nodes named from {@code hostname} (default {@code
 * {{.Prefix}}{{.Index}}}, the prefix being {@code peer} or {@code orderer}) with indexes from
 * {@code start}.
 *
 * @param count how many nodes (not negative)
 * @param start the first index (not negative)
 * @param hostname the host name template, or empty for the default
 * @param sans extra subject alternative names of the TLS certificates (templates)
 * @param options msp4j's certificate options, for every node of the template
 * @param location where this entry was written
 */
public record NodeTemplate(int count, int start, String hostname, List<String> sans,
    CertOptions options, SpecLocation location) {
  /** No templated nodes. */
  public static final NodeTemplate NONE =
      new NodeTemplate(0, 0, "", List.of(), CertOptions.NONE, SpecLocation.NONE);

  public NodeTemplate {
    if (count < 0) {
      throw new IllegalArgumentException("Count must not be negative: " + count);
    }
    if (start < 0) {
      throw new IllegalArgumentException("Start must not be negative: " + start);
    }
    Objects.requireNonNull(hostname, "hostname");
    sans = List.copyOf(sans);
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(location, "location");
  }

  /** {@code count} nodes with default names. */
  public static NodeTemplate count(int count) {
    return new NodeTemplate(count, 0, "", List.of(), CertOptions.NONE, SpecLocation.NONE);
  }
}
