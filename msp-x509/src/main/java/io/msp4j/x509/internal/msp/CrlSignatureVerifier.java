package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.GoX509Rules;
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
  private final GoX509Rules rules;

  /** A verifier with the rules of {@code rules}' Go release (REL-X509-10 for small RSA keys). */
  CrlSignatureVerifier(SignatureCrypto crypto, GoX509Rules rules) {
    this.crypto = crypto;
    this.rules = rules;
  }

  boolean verifies(RevocationList crl, ParsedCertificate issuer) {
    SignatureAlgorithm alg = SignatureAlgorithm.of(crl.signatureAlgorithm());
    if (alg == SignatureAlgorithm.UNKNOWN
        || alg == SignatureAlgorithm.MD2_WITH_RSA
        || alg == SignatureAlgorithm.MD5_WITH_RSA
        || alg.keyAlgorithm() != issuer.publicKey().algorithm()) {
      return false;
    }
    if (rules.rsaMinimum1024() && issuer.publicKey().rsaModulusBits() != 0
        && issuer.publicKey().rsaModulusBits() < 1024) {
      return false; // REL-X509-10: Go 1.24 verifies nothing with such a key
    }
    return crypto.verify(alg, issuer.publicKey(), crl.tbs(), crl.signature());
  }
}
