package io.msp4j.x509.internal.msp;

import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.KeyAlgorithm;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.HexFormat;
import java.util.List;

/**
 * "Make an identity from a certificate" (SETUP-IDENT-01): import the public key (ALG-01),
 * sanitise (SANITIZE-*), then hash with the MSP's identity hash (IDENT-01, SETUP-CRYPTO-02).
 */
final class IdentityFactory {
  private final String hashName;
  private final IdentityHash hash;

  private final Sanitizer sanitizer;

  IdentityFactory(CryptoSettings settings, Sanitizer sanitizer) {
    this.sanitizer = sanitizer;
    this.hashName = settings.identityHashFunction();
    this.hash = IdentityHash.byName(hashName).orElse(null);
  }

  Sanitizer sanitizer() {
    return sanitizer;
  }

  /** A sanitised certificate and its identifier. */
  record Prepared(ParsedCertificate cert, String id) {}

  Prepared prepare(ParsedCertificate cert, Pools pools) throws Failure {
    KeyAlgorithm key = cert.publicKey().algorithm();
    if (key != KeyAlgorithm.ECDSA && key != KeyAlgorithm.ED25519 && key != KeyAlgorithm.RSA) {
      throw new Failure(
          Reason.UNSUPPORTED_KEY,
          "ALG-01",
          key + " public keys are not supported (ECDSA, Ed25519 and RSA are)");
    }
    ParsedCertificate sanitised = sanitizer.sanitize(cert, pools);
    return new Prepared(sanitised, HexFormat.of().formatHex(hash(sanitised.der())));
  }

  /** Makes an identity of {@code msp}, or throws an identity error. */
  X509Identity make(X509MspImpl msp, ParsedCertificate cert, Pools pools) {
    try {
      Prepared p = prepare(cert, pools);
      return new X509Identity(msp, p.cert(), p.id());
    } catch (Failure f) {
      throw new IdentityException(
          f.reason(), f.rule(), f.getMessage(), cert.ref());
    }
  }

  /** H(DER(c0) || DER(c1) || ...) over a chain: a certifiers identifier (IDENT-03, CERT-ID-01). */
  byte[] chainId(List<ParsedCertificate> chain) {
    byte[][] parts = new byte[chain.size()][];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = chain.get(i).der();
    }
    return hashOrFail(parts);
  }

  byte[] hash(byte[] data) throws Failure {
    if (hash == null) {
      throw unknownHash();
    }
    return hash.hash(data);
  }

  private byte[] hashOrFail(byte[][] parts) {
    // Only reachable after setup succeeded, which proves the hash function is known.
    if (hash == null) {
      throw new IllegalStateException("identity hash function '" + hashName + "' is unknown");
    }
    return hash.hash(parts);
  }

  private Failure unknownHash() {
    return new Failure(
        Reason.UNKNOWN_HASH_FUNCTION,
        "SETUP-CRYPTO-02",
        "identity hash function '" + hashName + "' is not one of SHA256, SHA384, SHA3_256, SHA3_384");
  }
}
