package io.msp4j.x509.internal.crypto;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * The digests of {@link SignatureDigest} from the Java platform's own provider ({@link
 * SunDigest}), for every {@link CryptoProvider}: faster than a pure-Java digest, and, unlike a
 * native provider's digest objects, nothing the JVM must finalise (a verifier making thousands a
 * second would keep the finaliser thread busy and slow every collection).
 *
 * <p>The prototypes are constants shared by every provider (as {@code IdentityHash}'s are): a
 * {@link SunDigest} is only ever cloned, so sharing it is safe, and an MSP then retains no
 * digest objects of its own (a channel of a thousand orgs held eight thousand).
 */
final class PlatformDigests {
  private static final Map<SignatureDigest, SunDigest> PROTOTYPES = prototypes();

  private final Map<SignatureDigest, SunDigest> digests = PROTOTYPES;

  private static Map<SignatureDigest, SunDigest> prototypes() {
    Map<SignatureDigest, SunDigest> m = new EnumMap<>(SignatureDigest.class);
    for (SignatureDigest d : SignatureDigest.values()) {
      m.put(d, new SunDigest(d.displayName()));
    }
    return java.util.Collections.unmodifiableMap(m);
  }

  /** The digest of {@code data}. */
  byte[] hash(SignatureDigest digest, byte[] data) {
    Objects.requireNonNull(data, "data");
    return digests.get(Objects.requireNonNull(digest, "digest")).hash(data);
  }
}
