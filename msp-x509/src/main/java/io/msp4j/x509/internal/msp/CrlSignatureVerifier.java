package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.cert.SignatureAlgorithm;
import io.msp4j.x509.internal.chain.SignatureCrypto;

/**
 * Checks a CRL's signature with its candidate issuer's key, as Go's {@code CheckCRLSignature}
 * does for Fabric: SHA-1 is accepted for CRLs, MD2/MD5 never; the signature checked is the one
 * Fabric re-encoded at setup (SETUP-CRL-02, VALIDATE-CRL-02).
 */
final class CrlSignatureVerifier {
  private final SignatureCrypto crypto;

  CrlSignatureVerifier(SignatureCrypto crypto) {
    this.crypto = crypto;
  }

  boolean verifies(RevocationList crl, ParsedCertificate issuer) {
    SignatureAlgorithm alg = SignatureAlgorithm.of(crl.signatureAlgorithm());
    if (alg == SignatureAlgorithm.UNKNOWN
        || alg == SignatureAlgorithm.MD2_WITH_RSA
        || alg == SignatureAlgorithm.MD5_WITH_RSA
        || alg.keyAlgorithm() != issuer.publicKey().algorithm()) {
      return false;
    }
    return crypto.verify(alg, issuer.publicKey(), crl.tbs(), crl.signature());
  }
}
