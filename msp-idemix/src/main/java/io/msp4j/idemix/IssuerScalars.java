package io.msp4j.idemix;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Objects;

/** Scalars of the issuer side: drawn from the caller's generator, checked when imported. */
final class IssuerScalars {
  /** Extra random bytes beyond the 32 of a scalar, so that the reduction modulo q-1 is unbiased. */
  private static final int EXTRA_BYTES = 16;
  private static final BigInteger Q_MINUS_ONE = Fp256bn.ORDER.subtract(BigInteger.ONE);

  private IssuerScalars() {}

  /** A uniformly random scalar in [1, q-1]: 48 random bytes reduced modulo q-1, plus one. */
  static BigInteger randomNonZero(SecureRandom random) {
    Objects.requireNonNull(random, "random");
    byte[] bytes = new byte[Fp256bn.FIELD_BYTES + EXTRA_BYTES];
    random.nextBytes(bytes);
    return new BigInteger(1, bytes).mod(Q_MINUS_ONE).add(BigInteger.ONE);
  }

  /**
   * The value of a 32-byte big-endian scalar in [1, q-1].
   *
   * @throws IllegalArgumentException naming {@code what} when the length or the value is wrong
   */
  static BigInteger fromBytes(byte[] bytes, String what) {
    Objects.requireNonNull(bytes, what);
    if (bytes.length != Fp256bn.FIELD_BYTES) {
      throw new IllegalArgumentException(
          what + " has " + bytes.length + " bytes; it must be " + Fp256bn.FIELD_BYTES + " (big-endian)");
    }
    BigInteger v = new BigInteger(1, bytes);
    if (v.signum() == 0 || v.compareTo(Fp256bn.ORDER) >= 0) {
      throw new IllegalArgumentException(what + " must be a scalar in [1, q-1] of the FP256BN group order q");
    }
    return v;
  }
}
