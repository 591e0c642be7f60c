package io.msp4j.x509.inspect;

import java.util.Objects;
import java.util.Optional;

/**
 * An OU identifier ({@code OrganizationalUnitIdentifiers} of config.yaml) or a NodeOU identifier
 * ({@code NodeOUs}), and the CA its certificate names.
 *
 * @param kind {@code ou} for an OU identifier; {@code client}, {@code peer}, {@code admin} or
 *     {@code orderer} for a NodeOU
 * @param ou the OU string
 * @param source where it is configured (such as {@code config.yaml:3}), or the protobuf field
 * @param certifierSource the configured CA whose certificate this binding carries; empty when it
 *     carries none (a NodeOU without a certificate: any issuer of the MSP) or when the certificate
 *     is not one of the MSP's CAs (see {@code problem})
 * @param problem why the certificate cannot certify for this MSP (setup fails, CERT-ID-01), or
 *     empty
 */
public record OuBinding(
    String kind, String ou, String source, Optional<String> certifierSource,
    Optional<String> problem) {

  public OuBinding {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(ou, "ou");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(certifierSource, "certifierSource");
    Objects.requireNonNull(problem, "problem");
  }

  /** Whether this is a NodeOU identifier rather than an OU identifier. */
  public boolean isNodeOu() {
    return !kind.equals("ou");
  }
}
