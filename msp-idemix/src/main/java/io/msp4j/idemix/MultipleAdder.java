package io.msp4j.idemix;

import java.math.BigInteger;
import org.apache.milagro.amcl.FP256BN.ECP;

/** Adds multiples of one fixed point of G1 to an accumulator, for the verifier's public scalars. */
interface MultipleAdder {
  /** Adds k·P to {@code acc}. */
  void addMultiple(ECP acc, BigInteger k);

  /** Without a table: milagro's multiplication each time. */
  static MultipleAdder plain(ECP base) {
    return (acc, k) -> acc.add(Fp256bn.mul(base, k));
  }
}
