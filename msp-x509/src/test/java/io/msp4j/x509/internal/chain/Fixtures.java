package io.msp4j.x509.internal.chain;

import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.time.Instant;
import java.util.List;

/** Shared helpers for chain tests: parse testdata certificates and build standard trees. */
final class Fixtures {
  private Fixtures() {}

  static final PathBuilder PATHS = PathBuilder.withBouncyCastle(GoX509Rules.GO_1_23);

  static ParsedCertificate parsed(IssuedCertificate c) {
    return ParsedCertificate.parse(c.der());
  }

  /** {@code c} parsed as the Go of {@code rules} parses it. */
  static ParsedCertificate parsed(IssuedCertificate c, GoX509Rules rules) {
    return ParsedCertificate.parse(c.der(), rules);
  }

  /** A pool of {@code certs} parsed as the Go of {@code rules} parses them. */
  static CertPool pool(GoX509Rules rules, IssuedCertificate... certs) {
    return CertPool.of(List.of(certs).stream().map(c -> parsed(c, rules)).toList());
  }

  static CertPool pool(IssuedCertificate... certs) {
    return CertPool.of(List.of(certs).stream().map(Fixtures::parsed).toList());
  }

  static Instant t(IssuedCertificate leaf) {
    return parsed(leaf).verificationTime();
  }

  static PathResult find(IssuedCertificate leaf, CertPool roots, CertPool intermediates) {
    return PATHS.findPaths(parsed(leaf), t(leaf), roots, intermediates);
  }

  static CertificateBuilder root(TestPki pki, String dn) {
    return pki.certificate().subject(dn).ca();
  }
}
