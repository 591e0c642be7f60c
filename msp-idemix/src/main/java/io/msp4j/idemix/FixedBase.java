package io.msp4j.idemix;

import java.math.BigInteger;
import org.apache.milagro.amcl.FP256BN.ECP;

/**
 * Multiples of one point of G1 that never changes for the life of an MSP (g1 and the issuer key's
 * bases), from a table made once: entry [i][j] is (j + 1)·16^i·P, so k·P is one addition per
 * non-zero hexadecimal digit of k, about 64 additions instead of 256 doublings and additions.
 * Only for public scalars (the verifier's): the table is indexed by the scalar's digits, so its
 * memory accesses depend on them; the prover keeps milagro's constant-time multiplication.
 * Immutable once built; its points are never handed out, only copies of sums.
 */
final class FixedBase implements MultipleAdder {
  private static final int WINDOWS = 2 * Fp256bn.FIELD_BYTES;
  private static final int DIGITS = 15;

  private final ECP[][] table = new ECP[WINDOWS][DIGITS];

  FixedBase(ECP base) {
    ECP power = Fp256bn.copy(base);
    for (int i = 0; i < WINDOWS; i++) {
      ECP multiple = Fp256bn.copy(power);
      for (int j = 0; j < DIGITS; j++) {
        // milagro's addition only reads its argument, so threads can share the entries.
        table[i][j] = Fp256bn.copy(multiple);
        multiple.add(power);
      }
      for (int d = 0; d < 4; d++) {
        power.dbl();
      }
    }
  }

  /** Adds k·P to {@code acc} (k reduced modulo q as mathlib reduces it). */
  @Override
  public void addMultiple(ECP acc, BigInteger k) {
    byte[] digits = Fp256bn.scalarBytes(k);
    for (int b = 0; b < digits.length; b++) {
      int window = 2 * (digits.length - 1 - b);
      int low = digits[b] & 0x0f;
      int high = (digits[b] >> 4) & 0x0f;
      if (low != 0) {
        acc.add(table[window][low - 1]);
      }
      if (high != 0) {
        acc.add(table[window + 1][high - 1]);
      }
    }
  }
}
