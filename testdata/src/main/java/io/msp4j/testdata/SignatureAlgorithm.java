package io.msp4j.testdata;

/**
 * Signature algorithms a certificate or CRL can be signed with. The key type must match
 * ({@code ECDSA_*} needs an EC key, and so on); a mismatch fails when building.
 */
public enum SignatureAlgorithm {
  /** ecdsa-with-SHA1 (rejected in Fabric chains, CHAIN-04). */
  ECDSA_SHA1("SHA1withECDSA", "EC"),
  /** ecdsa-with-SHA256. */
  ECDSA_SHA256("SHA256withECDSA", "EC"),
  /** ecdsa-with-SHA384. */
  ECDSA_SHA384("SHA384withECDSA", "EC"),
  /** ecdsa-with-SHA512. */
  ECDSA_SHA512("SHA512withECDSA", "EC"),
  /** Ed25519 (pure). */
  ED25519("Ed25519", "Ed25519"),
  /** md5WithRSAEncryption (rejected in Fabric chains). */
  RSA_MD5("MD5withRSA", "RSA"),
  /** sha1WithRSAEncryption (rejected in Fabric chains). */
  RSA_SHA1("SHA1withRSA", "RSA"),
  /** sha256WithRSAEncryption. */
  RSA_SHA256("SHA256withRSA", "RSA"),
  /** sha384WithRSAEncryption. */
  RSA_SHA384("SHA384withRSA", "RSA"),
  /** sha512WithRSAEncryption. */
  RSA_SHA512("SHA512withRSA", "RSA"),
  /** RSASSA-PSS with SHA-256, MGF1-SHA-256, 32-byte salt. */
  RSA_PSS_SHA256("SHA256withRSAandMGF1", "RSA"),
  /** RSASSA-PSS with SHA-384, MGF1-SHA-384, 48-byte salt. */
  RSA_PSS_SHA384("SHA384withRSAandMGF1", "RSA"),
  /** RSASSA-PSS with SHA-512, MGF1-SHA-512, 64-byte salt. */
  RSA_PSS_SHA512("SHA512withRSAandMGF1", "RSA"),
  /** dsa-with-SHA256. */
  DSA_SHA256("SHA256withDSA", "DSA");

  private final String jcaName;
  private final String keyFamily;

  SignatureAlgorithm(String jcaName, String keyFamily) {
    this.jcaName = jcaName;
    this.keyFamily = keyFamily;
  }

  /** The Bouncy Castle JCA name, e.g. {@code SHA256withECDSA}. */
  public String jcaName() {
    return jcaName;
  }

  /** The JCA key family the signing key must belong to ({@code EC}, {@code RSA}, ...). */
  public String keyFamily() {
    return keyFamily;
  }

  /** True for the ecdsa-with-SHA* algorithms, the ones Fabric sanitises (SANITIZE-01). */
  public boolean isEcdsa() {
    return "EC".equals(keyFamily);
  }
}
