package io.msp4j.x509.internal.crypto;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * The digests of {@link SignatureDigest} from the Java platform's own provider ({@code SUN}),
 * for every {@link CryptoProvider}. HotSpot compiles its SHA-2 to the CPU's SHA instructions where
 * it has them, so it beats a pure-Java digest; and, unlike a native provider's digest objects, it
 * holds no native memory, so hashing creates no objects the JVM must finalise (a verifier making
 * thousands a second would keep the finaliser thread busy and slow every collection).
 *
 * <p>Each use clones a prototype in its initial state; the prototypes are never updated, so
 * concurrent clones are safe.
 */
final class PlatformDigests {
  private final Map<SignatureDigest, MessageDigest> prototypes =
      new EnumMap<>(SignatureDigest.class);

  PlatformDigests() {
    for (SignatureDigest d : SignatureDigest.values()) {
      try {
        prototypes.put(d, MessageDigest.getInstance(d.displayName(), "SUN"));
      } catch (GeneralSecurityException e) {
        // Java 17's SUN provider has SHA-256, SHA-384, SHA-512 and SHA3-256.
        throw new IllegalStateException(d.displayName() + " is not available from SUN", e);
      }
    }
  }

  /** The digest of {@code data}. */
  byte[] hash(SignatureDigest digest, byte[] data) {
    Objects.requireNonNull(data, "data");
    MessageDigest prototype = prototypes.get(Objects.requireNonNull(digest, "digest"));
    try {
      return ((MessageDigest) prototype.clone()).digest(data);
    } catch (CloneNotSupportedException e) {
      throw new IllegalStateException(digest.displayName() + " digests cannot be cloned", e);
    }
  }
}
