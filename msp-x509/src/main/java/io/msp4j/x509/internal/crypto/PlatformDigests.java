package io.msp4j.x509.internal.crypto;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * The digests of {@link SignatureDigest} from the Java platform's own provider ({@link
 * SunDigest}), for every {@link CryptoProvider}: faster than a pure-Java digest, and, unlike a
 * native provider's digest objects, nothing the JVM must finalise (a verifier making thousands a
 * second would keep the finaliser thread busy and slow every collection).
 */
final class PlatformDigests {
  private final Map<SignatureDigest, SunDigest> digests = new EnumMap<>(SignatureDigest.class);

  PlatformDigests() {
    for (SignatureDigest d : SignatureDigest.values()) {
      digests.put(d, new SunDigest(d.displayName()));
    }
  }

  /** The digest of {@code data}. */
  byte[] hash(SignatureDigest digest, byte[] data) {
    Objects.requireNonNull(data, "data");
    return digests.get(Objects.requireNonNull(digest, "digest")).hash(data);
  }
}
