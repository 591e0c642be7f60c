package io.msp4j.core;

import java.util.Objects;

/**
 * Names a certificate for people: its subject, serial number (lower-case hex) and issuer, as
 * RFC 4514 strings.
 */
public record CertificateRef(String subject, String serialHex, String issuer) {
  public CertificateRef {
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(serialHex, "serialHex");
    Objects.requireNonNull(issuer, "issuer");
  }

  @Override
  public String toString() {
    return "certificate subject=\"" + subject + "\" serial=" + serialHex + " issuer=\"" + issuer + "\"";
  }
}
