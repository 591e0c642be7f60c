package io.msp4j.testdata.cryptogen;

import java.util.List;
import java.util.Objects;

/**
 * An organisation's CA, as cryptogen's {@code CA} entry, plus msp4j's {@code Intermediates}. Empty
 * strings mean "not set": the hostname defaults to {@code ca} (intermediates: {@code ica}, {@code
 * ica2}, ...), the common name to {@code {{.Hostname}}.{{.Domain}}}, and the subject fields to
 * cryptogen's ({@code C=US, ST=California, L=San Francisco}). The TLS CA mirrors this CA with
 * {@code tls} before each common name.
 *
 * @param hostname the host name (a template)
 * @param commonName the common name (a template), or empty for the default
 * @param country the subject C
 * @param province the subject ST
 * @param locality the subject L
 * @param organizationalUnit the subject OU (also put in every certificate this CA signs)
 * @param streetAddress the subject STREET
 * @param postalCode the subject postal code
 * @param sans subject alternative names (accepted as in cryptogen, which does not use them)
 * @param options msp4j's certificate options
 * @param intermediates intermediate CAs below this one, top first; each signs the next, and the
 *     last signs the organisation's identities
 * @param location where this entry was written
 */
public record CaSpec(
    String hostname,
    String commonName,
    String country,
    String province,
    String locality,
    String organizationalUnit,
    String streetAddress,
    String postalCode,
    List<String> sans,
    CertOptions options,
    List<CaSpec> intermediates,
    SpecLocation location) {

  /** A CA with every default, as when the spec has no {@code CA} entry. */
  public static final CaSpec DEFAULT =
      new CaSpec("", "", "", "", "", "", "", "", List.of(), CertOptions.NONE, List.of(),
          SpecLocation.NONE);

  public CaSpec {
    Objects.requireNonNull(hostname, "hostname");
    Objects.requireNonNull(commonName, "commonName");
    Objects.requireNonNull(country, "country");
    Objects.requireNonNull(province, "province");
    Objects.requireNonNull(locality, "locality");
    Objects.requireNonNull(organizationalUnit, "organizationalUnit");
    Objects.requireNonNull(streetAddress, "streetAddress");
    Objects.requireNonNull(postalCode, "postalCode");
    sans = List.copyOf(sans);
    Objects.requireNonNull(options, "options");
    intermediates = List.copyOf(intermediates);
    Objects.requireNonNull(location, "location");
  }

  /** This CA with other options. */
  public CaSpec withOptions(CertOptions newOptions) {
    return new CaSpec(hostname, commonName, country, province, locality, organizationalUnit,
        streetAddress, postalCode, sans, newOptions, intermediates, location);
  }

  /** This CA with intermediates below it. */
  public CaSpec withIntermediates(List<CaSpec> newIntermediates) {
    return new CaSpec(hostname, commonName, country, province, locality, organizationalUnit,
        streetAddress, postalCode, sans, options, newIntermediates, location);
  }

  /** An intermediate CA with the given host name and default everything else. */
  public static CaSpec intermediate(String hostname) {
    return DEFAULT.withHostname(hostname);
  }

  /** This CA with another host name. */
  public CaSpec withHostname(String newHostname) {
    return new CaSpec(newHostname, commonName, country, province, locality, organizationalUnit,
        streetAddress, postalCode, sans, options, intermediates, location);
  }
}
