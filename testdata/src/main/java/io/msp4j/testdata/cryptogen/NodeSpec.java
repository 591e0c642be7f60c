package io.msp4j.testdata.cryptogen;

import java.util.List;
import java.util.Objects;

/**
 * One explicitly named node (a {@code Specs} entry). The subject fields cryptogen accepts in a spec
 * entry (Country, Province, ...) are read but, as in cryptogen, do not affect the node: its
 * subject takes them from the CA.
 *
 * @param hostname the host name (required)
 * @param commonName the common name template, or empty for {@code {{.Hostname}}.{{.Domain}}}
 * @param sans extra subject alternative names of the TLS certificate (templates)
 * @param options msp4j's certificate options
 * @param location where this entry was written
 */
public record NodeSpec(String hostname, String commonName, List<String> sans, CertOptions options,
    SpecLocation location) {
  public NodeSpec {
    Objects.requireNonNull(hostname, "hostname");
    Objects.requireNonNull(commonName, "commonName");
    sans = List.copyOf(sans);
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(location, "location");
  }

  /** A node with the given host name and defaults for the rest. */
  public static NodeSpec named(String hostname) {
    return new NodeSpec(hostname, "", List.of(), CertOptions.NONE, SpecLocation.NONE);
  }

  /** This node with other options. */
  public NodeSpec withOptions(CertOptions newOptions) {
    return new NodeSpec(hostname, commonName, sans, newOptions, location);
  }
}
