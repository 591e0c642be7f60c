package io.msp4j.x509.inspect;

import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One configured certificate and, below it, the configured certificates it issued.
 *
 * @param role where it is configured
 * @param source the file it was read from (such as {@code cacerts/ca.pem}), or the protobuf field
 *     and index (such as {@code root_certs[0]}) when there is no file
 * @param subject RFC 4514 text of the subject
 * @param issuer RFC 4514 text of the issuer
 * @param serialHex the serial number in lowercase hex
 * @param keyType the public key, such as {@code ECDSA P-256}, {@code Ed25519} or {@code RSA 2048}
 * @param notBefore start of validity
 * @param notAfter end of validity
 * @param daysLeft whole days from the inspection instant to notAfter, rounded toward zero:
 *     negative once expired, 0 within a day either side
 * @param marks what to notice, in {@link Mark} order
 * @param revokedBy the source of the CRL that revokes it, when {@link Mark#REVOKED}
 * @param children the configured certificates whose signature verifies with this one's key, in
 *     configuration order (intermediates, then admins, then the signing certificate)
 */
public record CertificateNode(
    CertificateRole role,
    String source,
    String subject,
    String issuer,
    String serialHex,
    String keyType,
    Instant notBefore,
    Instant notAfter,
    long daysLeft,
    Set<Mark> marks,
    Optional<String> revokedBy,
    List<CertificateNode> children) {

  public CertificateNode {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(issuer, "issuer");
    Objects.requireNonNull(serialHex, "serialHex");
    Objects.requireNonNull(keyType, "keyType");
    Objects.requireNonNull(notBefore, "notBefore");
    Objects.requireNonNull(notAfter, "notAfter");
    marks = marks.isEmpty()
        ? Collections.emptySet()
        : Collections.unmodifiableSet(EnumSet.copyOf(marks));
    Objects.requireNonNull(revokedBy, "revokedBy");
    children = List.copyOf(children);
  }

  /** Whether this certificate carries {@code mark}. */
  public boolean has(Mark mark) {
    return marks.contains(mark);
  }

  /** Whether this is a CA of the identity or TLS tree. */
  public boolean isCa() {
    return role == CertificateRole.ROOT_CA
        || role == CertificateRole.INTERMEDIATE_CA
        || role == CertificateRole.TLS_ROOT_CA
        || role == CertificateRole.TLS_INTERMEDIATE_CA;
  }
}
