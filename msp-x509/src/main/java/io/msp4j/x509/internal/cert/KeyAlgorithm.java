package io.msp4j.x509.internal.cert;

/** The public-key algorithm of a certificate, as Go's crypto/x509 classifies it. */
public enum KeyAlgorithm {
  ECDSA,
  ED25519,
  RSA,
  DSA,
  /** Any algorithm Go does not parse; such a key cannot verify signatures. */
  OTHER
}
