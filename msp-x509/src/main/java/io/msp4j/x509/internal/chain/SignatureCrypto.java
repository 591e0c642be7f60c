package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.SignatureAlgorithm;

/**
 * The cryptographic primitive behind certificate signature checks. Implementations must give
 * Go's verdicts: strict DER for ECDSA signatures (high S accepted), exact PKCS#1 v1.5 DigestInfo,
 * PSS with salt length equal to the hash length, RFC 8032 Ed25519.
 */
public interface SignatureCrypto {
  /**
   * Verifies {@code signature} over {@code signedData} with {@code key}. The caller has already
   * checked that the algorithm is acceptable for its use (chains refuse SHA-1, CRLs accept it)
   * and that it matches the key type. Returns false for any
   * malformed input; never throws for bad signatures.
   */
  boolean verify(SignatureAlgorithm algorithm, CertPublicKey key, byte[] signedData,
      byte[] signature);
}
