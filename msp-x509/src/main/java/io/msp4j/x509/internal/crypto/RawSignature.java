package io.msp4j.x509.internal.crypto;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;

/**
 * A signature as the primitive sees it, before or after Fabric's encoding rules: the integers of
 * an ECDSA signature, or the 64 bytes of an Ed25519 signature.
 */
public sealed interface RawSignature {

  /** An ECDSA signature (r, s); the values are whatever was decoded, not range-checked. */
  record Ecdsa(BigInteger r, BigInteger s) implements RawSignature {
    public Ecdsa {
      Objects.requireNonNull(r, "r");
      Objects.requireNonNull(s, "s");
    }
  }

  /** An Ed25519 signature: the raw bytes (64 for a well-formed one). */
  final class Ed25519 implements RawSignature {
    private final byte[] bytes;

    public Ed25519(byte[] bytes) {
      this.bytes = Objects.requireNonNull(bytes, "bytes").clone();
    }

    /** The signature bytes (a copy). */
    public byte[] bytes() {
      return bytes.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Ed25519 other && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
      return "Ed25519Signature[" + bytes.length + " bytes]";
    }
  }
}
