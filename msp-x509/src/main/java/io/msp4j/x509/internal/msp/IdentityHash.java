package io.msp4j.x509.internal.msp;

import java.util.Optional;
import java.util.function.Supplier;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA384Digest;
import org.bouncycastle.crypto.digests.SHA3Digest;

/**
 * The hash functions an MSP may use for identity identifiers and certifiers identifiers, by the
 * names of {@code FabricCryptoConfig.identity_identifier_hash_function} (SETUP-CRYPTO-02).
 */
enum IdentityHash {
  SHA256(SHA256Digest::new),
  SHA384(SHA384Digest::new),
  SHA3_256(() -> new SHA3Digest(256)),
  SHA3_384(() -> new SHA3Digest(384));

  private final Supplier<Digest> digest;

  IdentityHash(Supplier<Digest> digest) {
    this.digest = digest;
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
    Digest d = digest.get();
    for (byte[] p : parts) {
      d.update(p, 0, p.length);
    }
    byte[] out = new byte[d.getDigestSize()];
    d.doFinal(out, 0);
    return out;
  }
}
