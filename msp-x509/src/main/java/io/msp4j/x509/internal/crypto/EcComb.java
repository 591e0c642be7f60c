package io.msp4j.x509.internal.crypto;

import java.math.BigInteger;
import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECPoint;

/**
 * A fixed-base comb for one point P of a prime-order curve: the 2^w - 1 sums of the points
 * 2^(j·d)·P (j &lt; w, d = ⌈bits(n) / w⌉), in affine form. A multiple k·P then costs d
 * doublings and at most d additions, against about bits(n) doublings for a windowed method; two
 * combs of the same shape share their doublings ({@link #sumOfTwo}). Built once per key, immutable
 * and safe to share between threads: nothing is cached inside Bouncy Castle's point objects.
 */
final class EcComb {
  /** Comb width: 255 points per table, 32 columns for a 256-bit order. */
  static final int WIDTH = 8;

  private final ECPoint[] table;
  private final int columns;

  private EcComb(ECPoint[] table, int columns) {
    this.table = table;
    this.columns = columns;
  }

  /** The comb of {@code p}, a point of a curve whose group order is {@code n}. */
  static EcComb of(ECPoint p, BigInteger n) {
    int columns = (n.bitLength() + WIDTH - 1) / WIDTH;
    ECPoint[] bases = new ECPoint[WIDTH];
    bases[0] = p.normalize();
    for (int j = 1; j < WIDTH; j++) {
      ECPoint b = bases[j - 1];
      for (int i = 0; i < columns; i++) {
        b = b.twice();
      }
      bases[j] = b;
    }
    ECPoint[] table = new ECPoint[1 << WIDTH];
    ECCurve curve = p.getCurve();
    table[0] = curve.getInfinity();
    for (int i = 1; i < table.length; i++) {
      int top = 31 - Integer.numberOfLeadingZeros(i);
      int rest = i & ~(1 << top);
      table[i] = rest == 0 ? bases[top] : table[rest].add(bases[top]);
    }
    curve.normalizeAll(table, 1, table.length - 1, null);
    return new EcComb(table, columns);
  }

  /**
   * a·A + b·B where this comb is of A and {@code other} of B (same curve, same order); a and b
   * non-negative and below the order.
   */
  ECPoint sumOfTwo(BigInteger a, EcComb other, BigInteger b) {
    int[] aw = words(a, columns * WIDTH);
    int[] bw = words(b, columns * WIDTH);
    ECPoint r = table[0];
    for (int col = columns - 1; col >= 0; col--) {
      r = r.twice();
      int ia = index(aw, col);
      if (ia != 0) {
        r = r.add(table[ia]);
      }
      int ib = index(bw, col);
      if (ib != 0) {
        r = r.add(other.table[ib]);
      }
    }
    return r;
  }

  /** Bits col, col + d, col + 2d, ... of k as the table index. */
  private int index(int[] k, int col) {
    int idx = 0;
    for (int j = WIDTH - 1; j >= 0; j--) {
      int bit = col + j * columns;
      idx = (idx << 1) | ((k[bit >>> 5] >>> (bit & 31)) & 1);
    }
    return idx;
  }

  /** Little-endian 32-bit words of k, long enough for {@code bits} bits. */
  private static int[] words(BigInteger k, int bits) {
    int[] w = new int[(bits + 31) >>> 5];
    byte[] be = k.toByteArray();
    for (int i = 0; i < be.length; i++) {
      int bitPos = (be.length - 1 - i) * 8;
      if (bitPos < bits) {
        w[bitPos >>> 5] |= (be[i] & 0xff) << (bitPos & 31);
      }
    }
    return w;
  }

  boolean sameShape(EcComb other) {
    return columns == other.columns;
  }
}
