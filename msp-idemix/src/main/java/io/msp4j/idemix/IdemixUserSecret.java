package io.msp4j.idemix;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.SecureRandom;

/**
 * An idemix user's secret key: a scalar of FP256BN, written as the 32 big-endian bytes that the
 * {@code sk} field of Fabric's {@code IdemixMSPSignerConfig} holds (Fabric refuses any other
 * length). A credential binds it; whoever holds both can sign as the user. It never appears in
 * {@link #toString()}, and its bytes are copied in and out.
 */
public final class IdemixUserSecret {
  private final BigInteger value;

  private IdemixUserSecret(BigInteger value) {
    this.value = value;
  }

  /** A new random secret in [1, q-1], drawn from {@code random}. */
  public static IdemixUserSecret generate(SecureRandom random) {
    return new IdemixUserSecret(IssuerScalars.randomNonZero(random));
  }

  /**
   * The secret written as {@link #bytes()} gives it.
   *
   * @throws IllegalArgumentException unless {@code secret} is 32 bytes holding a value in [1, q-1]
   */
  public static IdemixUserSecret fromBytes(byte[] secret) {
    return new IdemixUserSecret(IssuerScalars.fromBytes(secret, "the user secret key"));
  }

  /** The 32 big-endian bytes (a new array on every call). */
  public byte[] bytes() {
    return Fp256bn.scalarBytes(value);
  }

  BigInteger value() {
    return value;
  }

  /** Equal when the secrets are equal; compared in constant time. */
  @Override
  public boolean equals(Object o) {
    return o instanceof IdemixUserSecret other && MessageDigest.isEqual(bytes(), other.bytes());
  }

  @Override
  public int hashCode() {
    return IdemixUserSecret.class.hashCode();
  }

  /** Never shows the secret. */
  @Override
  public String toString() {
    return "IdemixUserSecret[redacted]";
  }
}
