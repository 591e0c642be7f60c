package io.msp4j.idemix;

import java.math.BigInteger;
import java.security.SecureRandom;
import org.apache.milagro.amcl.FP256BN.BIG;
import org.apache.milagro.amcl.FP256BN.ROM;

/**
 * Scalars modulo the group order q for the prover's side, where secrets (the user key, the
 * pseudonym's randomness, the credential) enter: the arithmetic is milagro's fixed-length
 * {@link BIG}, whose multiplication and reduction do not branch on the values, rather than
 * {@link BigInteger}, whose running time follows the operands' lengths.
 */
final class Scalars {
  private static final BIG Q = new BIG(ROM.CURVE_Order);
  /** Random bytes per scalar: 32 more than q's length, so the reduction's bias is below 2^-256. */
  private static final int RANDOM_BYTES = 2 * Fp256bn.FIELD_BYTES;

  private Scalars() {}

  /** 2^256 mod q, to fold the high half of a wide random number. */
  private static final BIG TWO_256 =
      of(BigInteger.ONE.shiftLeft(8 * Fp256bn.FIELD_BYTES).mod(Fp256bn.ORDER));

  /** A uniformly random scalar in [0, q): 512 random bits reduced, hi · 2^256 + lo. */
  static BIG random(SecureRandom rng) {
    byte[] wide = new byte[RANDOM_BYTES];
    rng.nextBytes(wide);
    byte[] half = new byte[Fp256bn.FIELD_BYTES];
    System.arraycopy(wide, 0, half, 0, half.length);
    BIG hi = BIG.fromBytes(half);
    System.arraycopy(wide, half.length, half, 0, half.length);
    BIG lo = BIG.fromBytes(half);
    java.util.Arrays.fill(wide, (byte) 0);
    java.util.Arrays.fill(half, (byte) 0);
    lo.mod(Q);
    return add(mul(hi, TWO_256), lo);
  }

  /** A scalar from its big-endian bytes, reduced modulo q as mathlib reads it. */
  static BIG of(byte[] bigEndian) {
    return of(Fp256bn.scalar(bigEndian));
  }

  static BIG of(BigInteger v) {
    return BIG.fromBytes(Fp256bn.scalarBytes(v));
  }

  static BIG of(long v) {
    return of(BigInteger.valueOf(v));
  }

  /** a + b mod q. */
  static BIG add(BIG a, BIG b) {
    BIG r = new BIG(a);
    r.add(b);
    r.mod(Q);
    return r;
  }

  /** a - b mod q. */
  static BIG sub(BIG a, BIG b) {
    return add(a, BIG.modneg(new BIG(b), Q));
  }

  /** a · b mod q. */
  static BIG mul(BIG a, BIG b) {
    return BIG.modmul(new BIG(a), new BIG(b), Q);
  }

  /** 1 / a mod q (a not zero). */
  static BIG inverse(BIG a) {
    BIG r = new BIG(a);
    r.invmodp(Q);
    return r;
  }

  /** The 32-byte big-endian encoding mathlib writes. */
  static byte[] bytes(BIG a) {
    byte[] out = new byte[Fp256bn.FIELD_BYTES];
    BIG c = new BIG(a);
    c.norm();
    c.toBytes(out);
    return out;
  }

  static BigInteger toBigInteger(BIG a) {
    return new BigInteger(1, bytes(a));
  }
}
