package io.msp4j.testdata;

/**
 * Key types a fixture can carry. Fabric accepts the NIST curves, Ed25519 (v3) and RSA (ALG-01..04);
 * {@link #EC_SECP256K1} and {@link #DSA_2048} exist for "unsupported key" tests.
 */
public enum KeyAlgorithm {
  /** ECDSA on NIST P-224. */
  EC_P224("EC", "secp224r1", 224, SignatureAlgorithm.ECDSA_SHA256),
  /** ECDSA on NIST P-256, Fabric's usual key. */
  EC_P256("EC", "secp256r1", 256, SignatureAlgorithm.ECDSA_SHA256),
  /** ECDSA on NIST P-384. */
  EC_P384("EC", "secp384r1", 384, SignatureAlgorithm.ECDSA_SHA384),
  /** ECDSA on NIST P-521. */
  EC_P521("EC", "secp521r1", 521, SignatureAlgorithm.ECDSA_SHA512),
  /** ECDSA on secp256k1: a curve Fabric does not accept. */
  EC_SECP256K1("EC", "secp256k1", 256, SignatureAlgorithm.ECDSA_SHA256),
  /** Ed25519 (RFC 8032). */
  ED25519("Ed25519", null, 255, SignatureAlgorithm.ED25519),
  /** RSA with a 512-bit modulus: too small for Go 1.24 and later (REL-X509-10); tests only. */
  RSA_512("RSA", null, 512, SignatureAlgorithm.RSA_SHA256),
  /** RSA with a 2048-bit modulus and exponent 65537. */
  RSA_2048("RSA", null, 2048, SignatureAlgorithm.RSA_SHA256),
  /** RSA with a 3072-bit modulus and exponent 65537. */
  RSA_3072("RSA", null, 3072, SignatureAlgorithm.RSA_SHA256),
  /** RSA with a 4096-bit modulus and exponent 65537 (slow to generate). */
  RSA_4096("RSA", null, 4096, SignatureAlgorithm.RSA_SHA256),
  /** DSA with 2048-bit parameters (Bouncy Castle's fixed default domain): a key Fabric rejects. */
  DSA_2048("DSA", null, 2048, SignatureAlgorithm.DSA_SHA256);

  private final String family;
  private final String curve;
  private final int bits;
  private final SignatureAlgorithm defaultSignature;

  KeyAlgorithm(String family, String curve, int bits, SignatureAlgorithm defaultSignature) {
    this.family = family;
    this.curve = curve;
    this.bits = bits;
    this.defaultSignature = defaultSignature;
  }

  /** The JCA key algorithm name: {@code EC}, {@code Ed25519}, {@code RSA} or {@code DSA}. */
  public String family() {
    return family;
  }

  /** The curve's standard name for EC keys ({@code secp256r1}, ...), otherwise {@code null}. */
  public String curveName() {
    return curve;
  }

  /** Curve size or modulus length in bits. */
  public int bits() {
    return bits;
  }

  /** True for the ECDSA entries. */
  public boolean isEc() {
    return "EC".equals(family);
  }

  /**
   * The signature algorithm Go's x509 package picks for a certificate signed by such a key:
   * SHA-256 for P-224/P-256, SHA-384 for P-384, SHA-512 for P-521, sha256WithRSA, Ed25519.
   */
  public SignatureAlgorithm defaultSignatureAlgorithm() {
    return defaultSignature;
  }
}
