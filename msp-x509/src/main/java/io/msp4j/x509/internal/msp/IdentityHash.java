package io.msp4j.x509.internal.msp;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.NoSuchProviderException;
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

  private final String jcaName;
  /**
   * A digest in its initial state, cloned for each use: cloning touches no shared state, where
   * {@code MessageDigest.getInstance} looks the algorithm up in the JCA's provider tables.
   */
  private final MessageDigest prototype;

  IdentityHash(String jcaName) {
    this.jcaName = jcaName;
    try {
      this.prototype = MessageDigest.getInstance(jcaName, "SUN");
    } catch (NoSuchAlgorithmException | NoSuchProviderException e) {
      // Every Java 17 runtime has these four in its SUN provider, whatever else is registered.
      throw new IllegalStateException(jcaName + " is not available", e);
    }
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
    MessageDigest d;
    try {
      d = (MessageDigest) prototype.clone();
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException(jcaName + " digests cannot be cloned", e);
    }
    for (byte[] p : parts) {
      d.update(p);
    }
    return d.digest();
  }
}
