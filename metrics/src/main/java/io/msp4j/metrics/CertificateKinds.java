package io.msp4j.metrics;

import io.msp4j.x509.inspect.CertificateRole;
import java.util.Optional;

/** The {@code kind} tag of an expiry gauge for each place a certificate has in an MSP. */
final class CertificateKinds {
  private CertificateKinds() {}

  /** The kind, empty for a certificate that is none of them (an OU certificate). */
  static Optional<String> of(CertificateRole role) {
    return switch (role) {
      case ROOT_CA -> Optional.of("root_ca");
      case INTERMEDIATE_CA -> Optional.of("intermediate_ca");
      case TLS_ROOT_CA, TLS_INTERMEDIATE_CA -> Optional.of("tls_ca");
      case ADMIN -> Optional.of("admin");
      case SIGNER -> Optional.of("signing_identity");
      case OU_CERTIFICATE -> Optional.empty();
    };
  }
}
