package io.msp4j.testdata;

import java.math.BigInteger;
import java.security.Key;
import java.util.Objects;

/**
 * A change applied to signature bytes after signing, before the certificate or CRL is assembled.
 * Used for sanitisation and well-formedness tests (SANITIZE-04, SIG-DER-01, SETUP-CRL-02,
 * WELLFORMED-01). The ECDSA manglings expect an ECDSA signature (a DER SEQUENCE of INTEGERs r, s)
 * and fail with {@link IllegalArgumentException} otherwise.
 */
@FunctionalInterface
public interface SignatureMangling {

  /**
   * Returns the signature bytes to embed.
   *
   * @param signature the bytes produced by signing (never modified in place)
   * @param signerKey the signing key (public or private), e.g. to learn the curve order
   */
  byte[] apply(byte[] signature, Key signerKey);

  /** This change followed by {@code next}. */
  default SignatureMangling andThen(SignatureMangling next) {
    Objects.requireNonNull(next, "next");
    return (sig, key) -> next.apply(apply(sig, key), key);
  }

  /**
   * Makes s high: if {@code s <= n/2} replaces it by {@code n - s} (n = curve order) and re-encodes
   * SEQUENCE{r, s} minimally. The result still verifies under plain ECDSA but Fabric's low-S rule
   * rejects it for message signatures and sanitisation rewrites it for certificates.
   */
  static SignatureMangling highS() {
    return EcdsaSignatureMangler::highS;
  }

  /** Makes s low ({@code s > n/2} becomes {@code n - s}), re-encoding minimally. */
  static SignatureMangling lowS() {
    return EcdsaSignatureMangler::lowS;
  }

  /**
   * Encodes r with one superfluous leading zero byte (a non-minimal DER INTEGER); s and any further
   * members are re-encoded unchanged.
   */
  static SignatureMangling nonMinimalR() {
    return EcdsaSignatureMangler::nonMinimalR;
  }

  /** Appends {@code INTEGER value} inside the signature SEQUENCE, after r and s. */
  static SignatureMangling extraInteger(BigInteger value) {
    Objects.requireNonNull(value, "value");
    return (sig, key) -> EcdsaSignatureMangler.extraInteger(sig, value);
  }

  /** Appends raw bytes after the signature SEQUENCE (works for any algorithm). */
  static SignatureMangling trailingBytes(byte[] bytes) {
    byte[] copy = Objects.requireNonNull(bytes, "bytes").clone();
    return (sig, key) -> {
      byte[] out = new byte[sig.length + copy.length];
      System.arraycopy(sig, 0, out, 0, sig.length);
      System.arraycopy(copy, 0, out, sig.length, copy.length);
      return out;
    };
  }

  /** Replaces r and s by the given values (minimal DER; zero or negative values allowed). */
  static SignatureMangling withRs(BigInteger r, BigInteger s) {
    Objects.requireNonNull(r, "r");
    Objects.requireNonNull(s, "s");
    return (sig, key) -> EcdsaSignatureMangler.encode(r, s);
  }

  /** Replaces the signature by the given bytes (any algorithm). */
  static SignatureMangling replaceWith(byte[] bytes) {
    byte[] copy = Objects.requireNonNull(bytes, "bytes").clone();
    return (sig, key) -> copy.clone();
  }

  /** Flips the lowest bit of the last byte, so the signature no longer verifies (any algorithm). */
  static SignatureMangling corrupt() {
    return (sig, key) -> {
      byte[] out = sig.clone();
      if (out.length > 0) {
        out[out.length - 1] ^= 1;
      }
      return out;
    };
  }
}
