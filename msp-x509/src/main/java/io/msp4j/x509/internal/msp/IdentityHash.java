package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.crypto.SunDigest;
import java.util.Optional;

/**
 * The hash functions an MSP may use for identity identifiers and certifiers identifiers, by the
 * names of {@code FabricCryptoConfig.identity_identifier_hash_function} (SETUP-CRYPTO-02). The
 * JDK's digests are used: they run on the processor's SHA instructions where it has them.
 */
enum IdentityHash {
  SHA256("SHA-256"),
  SHA384("SHA-384"),
  SHA3_256("SHA3-256"),
  SHA3_384("SHA3-384");

  private final SunDigest digest;

  IdentityHash(String jcaName) {
    this.digest = new SunDigest(jcaName);
  }

  /** The hash function with this configured name, if it is one Fabric accepts. */
  static Optional<IdentityHash> byName(String name) {
    for (IdentityHash h : values()) {
      if (h.name().equals(name)) {
        return Optional.of(h);
      }
    }
    return Optional.empty();
  }

  /** Hashes the concatenation of the parts. */
  byte[] hash(byte[]... parts) {
    return digest.hash(parts);
  }
}
