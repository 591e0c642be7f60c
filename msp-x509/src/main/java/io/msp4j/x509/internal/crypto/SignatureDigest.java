package io.msp4j.x509.internal.crypto;

import java.util.Optional;

/**
 * The digests of a {@link CryptoProvider}. For messages, the configured {@code
 * signature_hash_family} chooses one of the two 256-bit functions (VERIFY-01, SETUP-CRYPTO-03),
 * whatever the curve; certificate and CRL signatures name their own SHA-2 digest.
 */
public enum SignatureDigest {
  /** SHA-256, for the family {@code SHA2}. */
  SHA2_256("SHA2", "SHA-256"),
  /** SHA3-256, for the family {@code SHA3}. */
  SHA3_256("SHA3", "SHA3-256"),
  /** SHA-384, for certificate and CRL signatures only (no hash family selects it). */
  SHA2_384(null, "SHA-384"),
  /** SHA-512, for certificate and CRL signatures only (no hash family selects it). */
  SHA2_512(null, "SHA-512");

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

  /** The {@code signature_hash_family} value that selects this digest; null for none. */
  public String family() {
    return family;
  }

  /**
   * The digest with this JCA name ({@code SHA-256}, {@code SHA-384}, {@code SHA-512}), as a
   * certificate's signature algorithm names it; empty for any other.
   */
  public static Optional<SignatureDigest> forJcaName(String name) {
    return switch (name) {
      case "SHA-256" -> Optional.of(SHA2_256);
      case "SHA-384" -> Optional.of(SHA2_384);
      case "SHA-512" -> Optional.of(SHA2_512);
      default -> Optional.empty();
    };
  }

  /** The digest for a hash family; empty for anything but {@code SHA2} and {@code SHA3}. */
  public static Optional<SignatureDigest> forFamily(String family) {
    for (SignatureDigest d : values()) {
      if (d.family != null && d.family.equals(family)) {
        return Optional.of(d);
      }
    }
    return Optional.empty();
  }
}
