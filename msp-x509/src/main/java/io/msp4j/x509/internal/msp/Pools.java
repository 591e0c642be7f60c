package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.CertPool;
import java.util.List;

/** The root and intermediate pools a chain is built from. */
record Pools(CertPool roots, CertPool intermediates) {
  static Pools of(List<ParsedCertificate> roots, List<ParsedCertificate> intermediates) {
    return new Pools(CertPool.of(roots), CertPool.of(intermediates));
  }
}
