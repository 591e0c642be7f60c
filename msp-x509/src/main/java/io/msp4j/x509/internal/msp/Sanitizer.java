package io.msp4j.x509.internal.msp;

import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.CertificateSanitizer;
import io.msp4j.x509.internal.chain.ChainFailure;
import io.msp4j.x509.internal.chain.PathBuilder;
import io.msp4j.x509.internal.chain.SanitizationException;

/** Sanitisation (SANITIZE-01..04) within the MSP's pools, failing with the MSP's reasons. */
final class Sanitizer {
  private final CertificateSanitizer delegate;

  Sanitizer(PathBuilder paths) {
    this.delegate = new CertificateSanitizer(paths);
  }

  ParsedCertificate sanitize(ParsedCertificate cert, Pools pools) throws Failure {
    try {
      return delegate.sanitize(cert, pools.roots(), pools.intermediates());
    } catch (SanitizationException e) {
      Reason reason =
          e.chainFailure()
              .map(f -> f.kind() == ChainFailure.Kind.MULTIPLE_PATHS ? Reason.AMBIGUOUS_CHAIN : Reason.NO_CHAIN)
              .orElse(Reason.SANITIZE_FAILED);
      throw new Failure(reason, e.rule(), e.getMessage());
    }
  }
}
