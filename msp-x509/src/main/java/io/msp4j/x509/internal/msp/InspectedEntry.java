package io.msp4j.x509.internal.msp;

import io.msp4j.x509.inspect.CertificateRole;
import io.msp4j.x509.internal.cert.ParsedCertificate;

/**
 * One configured certificate being inspected. Compared by identity: a configuration may hold the
 * same certificate twice, and each entry is shown.
 */
final class InspectedEntry {
  private final CertificateRole role;
  private final String source;
  private final ParsedCertificate cert;

  InspectedEntry(CertificateRole role, String source, ParsedCertificate cert) {
    this.role = role;
    this.source = source;
    this.cert = cert;
  }

  CertificateRole role() {
    return role;
  }

  String source() {
    return source;
  }

  ParsedCertificate cert() {
    return cert;
  }

  boolean isIdentityCa() {
    return role == CertificateRole.ROOT_CA || role == CertificateRole.INTERMEDIATE_CA;
  }

  @Override
  public String toString() {
    return role.label() + " " + source;
  }
}
