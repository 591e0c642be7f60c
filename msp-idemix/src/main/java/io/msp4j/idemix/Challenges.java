package io.msp4j.idemix;

import java.math.BigInteger;

/** The Fiat–Shamir challenge of idemix proofs: H(H(data) ‖ nonce), each H SHA-256 modulo q. */
final class Challenges {
  private Challenges() {}

  static BigInteger finalChallenge(byte[] data, BigInteger nonce) {
    byte[] both = new byte[2 * Fp256bn.FIELD_BYTES];
    System.arraycopy(Fp256bn.scalarBytes(Fp256bn.hashToScalar(data)), 0, both, 0, Fp256bn.FIELD_BYTES);
    System.arraycopy(Fp256bn.scalarBytes(nonce), 0, both, Fp256bn.FIELD_BYTES, Fp256bn.FIELD_BYTES);
    return Fp256bn.hashToScalar(both);
  }
}
