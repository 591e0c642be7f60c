package io.msp4j.x509.internal.msp;

import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.CertPool;
import io.msp4j.x509.internal.chain.CertificateSignatures;
import io.msp4j.x509.internal.chain.EcdsaSignatures;
import java.util.List;

/**
 * Fabric's certificate sanitisation (SANITIZE-01..04): an ECDSA-signed certificate gets its
 * signature rewritten to low S by the key of its issuer, which it must reach by exactly one chain.
 * The rewritten certificate is what identities are hashed and compared by (IDENT-01/02).
 */
final class Sanitizer {
  private Sanitizer() {}

  static ParsedCertificate sanitize(ParsedCertificate cert, Pools pools) throws Failure {
    if (!cert.isEcdsaSigned()) {
      return cert;
    }
    if (cert.isCa() && CertificateSignatures.checkSignatureFrom(cert, cert)) {
      // SANITIZE-02: a self-signed CA is normalised with its own key, then must chain to itself.
      ParsedCertificate normalised = normalise(cert, cert);
      Chains.unique(normalised, new Pools(CertPool.of(List.of(normalised)), pools.intermediates()));
      return normalised;
    }
    List<ParsedCertificate> chain = Chains.unique(cert, pools);
    if (chain.size() < 2) {
      throw new Failure(
          Reason.SANITIZE_FAILED,
          "SANITIZE-03",
          "the certificate is its own chain but is not a self-signed CA, so it cannot be sanitised");
    }
    return normalise(cert, chain.get(1));
  }

  private static ParsedCertificate normalise(ParsedCertificate cert, ParsedCertificate issuer)
      throws Failure {
    try {
      byte[] lowS = EcdsaSignatures.toLowS(cert.signatureValue(), issuer.publicKey());
      return cert.withSignature(lowS);
    } catch (IllegalArgumentException e) {
      throw new Failure(
          Reason.SANITIZE_FAILED, "SANITIZE-04", "signature cannot be normalised: " + e.getMessage());
    }
  }
}
