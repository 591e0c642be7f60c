package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.HashSet;
import java.util.Set;

/**
 * The CA certificates that have a configured intermediate below them (SETUP-CAFIN-02); leaves
 * must not be issued by these (VALIDATE-04). Keyed by sanitised DER: certificates are equal
 * when their DER is, and keep its hash, so a lookup neither copies nor rehashes the bytes.
 */
final class InternalNodes {
  private final Set<ParsedCertificate> certs;

  private InternalNodes(Set<ParsedCertificate> certs) {
    this.certs = certs;
  }

  static InternalNodes none() {
    return new InternalNodes(Set.of());
  }

  static InternalNodes of(Iterable<ParsedCertificate> certs) {
    Set<ParsedCertificate> s = new HashSet<>();
    for (ParsedCertificate c : certs) {
      s.add(c);
    }
    return new InternalNodes(Set.copyOf(s));
  }

  boolean contains(ParsedCertificate cert) {
    return certs.contains(cert);
  }
}
