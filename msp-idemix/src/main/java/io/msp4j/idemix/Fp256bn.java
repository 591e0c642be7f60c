package io.msp4j.idemix;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.apache.milagro.amcl.FP256BN.BIG;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.apache.milagro.amcl.FP256BN.ECP2;
import org.apache.milagro.amcl.FP256BN.FP12;
import org.apache.milagro.amcl.FP256BN.PAIR;
import org.apache.milagro.amcl.FP256BN.ROM;

/**
 * Arithmetic on FP256BN as Fabric's idemix does it (IBM mathlib over AMCL): scalars are
 * big-endian integers of any length, reduced modulo the group order q only where they are
 * multiplied in or written out; points are milagro's, never mutated once built (every operation
 * works on a copy, so decoded keys can be shared between threads).
 */
final class Fp256bn {
  /** Bytes of a coordinate and of a scalar. */
  static final int FIELD_BYTES = 32;
  /** The group order q. */
  static final BigInteger ORDER = toBigInteger(new BIG(ROM.CURVE_Order));

  private Fp256bn() {}

  static BigInteger toBigInteger(BIG b) {
    byte[] out = new byte[FIELD_BYTES];
    BIG c = new BIG(b);
    c.norm();
    c.toBytes(out);
    return new BigInteger(1, out);
  }

  /** A scalar from its big-endian bytes (any length; an empty array is 0). */
  static BigInteger scalar(byte[] bigEndian) {
    return new BigInteger(1, bigEndian);
  }

  /** Reduces as mathlib does before use: only a negative value or one above q (q itself stays). */
  private static BigInteger reduce(BigInteger v) {
    return v.signum() < 0 || v.compareTo(ORDER) > 0 ? v.mod(ORDER) : v;
  }

  /** A scalar's 32-byte encoding, as mathlib's Zr.Bytes writes it (into Fiat–Shamir hashes). */
  static byte[] scalarBytes(BigInteger v) {
    byte[] mag = reduce(v).toByteArray();
    byte[] out = new byte[FIELD_BYTES];
    int n = Math.min(mag.length, FIELD_BYTES);
    System.arraycopy(mag, mag.length - n, out, FIELD_BYTES - n, n);
    return out;
  }

  private static BIG big(BigInteger v) {
    return BIG.fromBytes(scalarBytes(v));
  }

  /** SHA-256 of the data as an integer modulo q (mathlib's HashToZr). */
  static BigInteger hashToScalar(byte[] data) {
    return new BigInteger(1, sha256(data)).mod(ORDER);
  }

  static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  static ECP copy(ECP p) {
    ECP c = new ECP();
    c.copy(p);
    return c;
  }

  static ECP2 copy(ECP2 p) {
    ECP2 c = new ECP2();
    c.copy(p);
    return c;
  }

  static ECP generatorG1() {
    return ECP.generator();
  }

  static ECP2 generatorG2() {
    return ECP2.generator();
  }

  /** p^k in additive notation: k·p. */
  static ECP mul(ECP p, BigInteger k) {
    return PAIR.G1mul(copy(p), big(k));
  }

  /** k·p for a secret k, with milagro's constant-time multiplication. */
  static ECP mul(ECP p, BIG k) {
    return PAIR.G1mul(copy(p), new BIG(k));
  }

  static ECP2 mul(ECP2 p, BigInteger k) {
    return copy(p).mul(big(k));
  }

  /** e·p + f·q. */
  static ECP mul2(ECP p, BigInteger e, ECP q, BigInteger f) {
    return copy(p).mul2(big(e), copy(q), big(f));
  }

  static ECP add(ECP a, ECP b) {
    ECP r = copy(a);
    r.add(copy(b));
    return r;
  }

  static ECP sub(ECP a, ECP b) {
    ECP r = copy(a);
    r.sub(copy(b));
    return r;
  }

  static ECP2 add(ECP2 a, ECP2 b) {
    ECP2 r = copy(a);
    r.add(copy(b));
    return r;
  }

  /**
   * Whether e(w, a) = e(g2, b): the pairing check of a randomised credential, as one Miller loop
   * over both pairs, e(w, a)·e(−g2, b), and one final exponentiation.
   */
  static boolean pairingsEqual(ECP2 w, ECP a, ECP2 g2, ECP b) {
    ECP2 minusG2 = copy(g2);
    minusG2.neg();
    return PAIR.fexp(PAIR.ate2(copy(w), copy(a), minusG2, copy(b))).isunity();
  }

  /** The 65-byte uncompressed encoding (0x04, x, y) that enters Fiat–Shamir hashes. */
  static byte[] bytes(ECP p) {
    byte[] out = new byte[2 * FIELD_BYTES + 1];
    copy(p).toBytes(out, false);
    return out;
  }

  /** The 128-byte encoding (xa, xb, ya, yb) that enters Fiat–Shamir hashes. */
  static byte[] bytes(ECP2 p) {
    byte[] out = new byte[4 * FIELD_BYTES];
    copy(p).toBytes(out);
    return out;
  }
}
