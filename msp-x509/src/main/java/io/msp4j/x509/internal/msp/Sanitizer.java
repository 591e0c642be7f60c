package io.msp4j.x509.internal.msp;

import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.CertificateSanitizer;
import io.msp4j.x509.internal.chain.ChainFailure;
import io.msp4j.x509.internal.chain.PathBuilder;
import io.msp4j.x509.internal.chain.SanitizationException;
import java.util.Optional;

/** Sanitisation (SANITIZE-01..04) within the MSP's pools, failing with the MSP's reasons. */
final class Sanitizer {
  private final CertificateSanitizer delegate;

  Sanitizer(PathBuilder paths) {
    this.delegate = new CertificateSanitizer(paths);
  }

  ParsedCertificate sanitize(ParsedCertificate cert, Pools pools) throws Failure {
    return sanitizeWithChain(cert, pools).cert();
  }

  /** {@link #sanitize} with the sanitised certificate's unique chain when it is known (or null). */
  CertificateSanitizer.Sanitised sanitizeWithChain(ParsedCertificate cert, Pools pools)
      throws Failure {
    try {
      return delegate.sanitizeWithChain(cert, pools.roots(), pools.intermediates());
    } catch (SanitizationException e) {
      Optional<ChainFailure> chain = e.chainFailure();
      if (chain.isPresent()) {
        ChainFailure f = chain.get();
        Reason reason =
            f.kind() == ChainFailure.Kind.MULTIPLE_PATHS ? Reason.AMBIGUOUS_CHAIN : Reason.NO_CHAIN;
        throw new Failure(
            reason,
            e.rule(),
            "needs exactly one chain to the MSP's CAs at notBefore + 1s to be sanitised ("
                + f.rule() + "): " + f.message());
      }
      String m = e.getMessage();
      String suffix = " [" + e.rule() + "]";
      throw new Failure(
          Reason.SANITIZE_FAILED, e.rule(), m.endsWith(suffix) ? m.substring(0, m.length() - suffix.length()) : m);
    }
  }
}
