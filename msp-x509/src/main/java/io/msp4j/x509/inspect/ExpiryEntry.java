package io.msp4j.x509.inspect;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A certificate that has expired or will within the window, or a CRL whose nextUpdate has passed
 * or will.
 *
 * @param mspId the MSP it belongs to
 * @param what {@code certificate} or {@code crl}
 * @param role for a certificate its {@link CertificateRole#label()}, for a CRL {@code CRL}
 * @param source the file or protobuf field it came from
 * @param name a certificate's subject, a CRL's issuer
 * @param serialHex a certificate's serial number; empty for a CRL
 * @param at the certificate's notAfter or the CRL's nextUpdate
 * @param daysLeft whole days from the inspection instant to {@code at}, rounded toward zero:
 *     negative once passed, 0 within a day either side
 * @param expired whether {@code at} is not after the inspection instant
 */
public record ExpiryEntry(
    String mspId,
    String what,
    String role,
    String source,
    String name,
    Optional<String> serialHex,
    Instant at,
    long daysLeft,
    boolean expired) {

  public ExpiryEntry {
    Objects.requireNonNull(mspId, "mspId");
    Objects.requireNonNull(what, "what");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(serialHex, "serialHex");
    Objects.requireNonNull(at, "at");
  }
}
