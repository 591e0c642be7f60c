package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;

/**
 * The CA certificates that have a configured intermediate below them (SETUP-CAFIN-02); leaves
 * must not be issued by these (VALIDATE-04). Keyed by sanitised DER.
 */
final class InternalNodes {
  private final Set<ByteBuffer> ders;

  private InternalNodes(Set<ByteBuffer> ders) {
    this.ders = ders;
  }

  static InternalNodes none() {
    return new InternalNodes(Set.of());
  }

  static InternalNodes of(Iterable<ParsedCertificate> certs) {
    Set<ByteBuffer> s = new HashSet<>();
    for (ParsedCertificate c : certs) {
      s.add(ByteBuffer.wrap(c.der()));
    }
    return new InternalNodes(Set.copyOf(s));
  }

  boolean contains(ParsedCertificate cert) {
    return ders.contains(ByteBuffer.wrap(cert.der()));
  }
}
