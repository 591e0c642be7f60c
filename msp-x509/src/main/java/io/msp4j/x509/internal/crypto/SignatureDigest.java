package io.msp4j.x509.internal.crypto;

import java.util.Optional;

/**
 * The digest an MSP applies to a message before an ECDSA signature, chosen by the configured
 * {@code signature_hash_family} (VERIFY-01, SETUP-CRYPTO-03): always a 256-bit function, whatever
 * the curve.
 */
public enum SignatureDigest {
  /** SHA-256, for the family {@code SHA2}. */
  SHA2_256("SHA2", "SHA-256"),
  /** SHA3-256, for the family {@code SHA3}. */
  SHA3_256("SHA3", "SHA3-256");

  private final String family;
  private final String displayName;

  SignatureDigest(String family, String displayName) {
    this.family = family;
    this.displayName = displayName;
  }

  /** The usual name, such as {@code SHA-256}. */
  public String displayName() {
    return displayName;
  }

  /** The {@code signature_hash_family} value that selects this digest. */
  public String family() {
    return family;
  }

  /** The digest for a hash family; empty for anything but {@code SHA2} and {@code SHA3}. */
  public static Optional<SignatureDigest> forFamily(String family) {
    for (SignatureDigest d : values()) {
      if (d.family.equals(family)) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }
}
