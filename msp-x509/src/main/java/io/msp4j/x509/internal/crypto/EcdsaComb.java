package io.msp4j.x509.internal.crypto;

import java.math.BigInteger;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.util.BigIntegers;

/**
 * ECDSA verification (SEC 1, 4.1.4) with fixed-base combs for both the generator and the public
 * key, on Bouncy Castle's field arithmetic: the verdicts of {@code ECDSASigner.verifySignature},
 * about twice as fast once the key's comb exists.
 */
final class EcdsaComb {
  private EcdsaComb() {}

  /**
   * Verifies (r, s) over {@code digest} for {@code key}, whose comb is {@code keyComb};
   * {@code generatorComb} is the comb of the curve's generator. The digest is truncated to the bit
   * length of the order, as in {@code ECDSASigner}.
   */
  static boolean verify(ECPublicKeyParameters key, EcComb keyComb, EcComb generatorComb,
      byte[] digest, BigInteger r, BigInteger s) {
    ECDomainParameters domain = key.getParameters();
    BigInteger n = domain.getN();
    if (r.signum() <= 0 || r.compareTo(n) >= 0 || s.signum() <= 0 || s.compareTo(n) >= 0) {
      return false;
    }
    BigInteger e = truncatedDigest(n, digest);
    BigInteger w = BigIntegers.modOddInverseVar(n, s);
    BigInteger u1 = e.multiply(w).mod(n);
    BigInteger u2 = r.multiply(w).mod(n);
    ECPoint point = generatorComb.sumOfTwo(u1, keyComb, u2);
    if (point.isInfinity()) {
      return false;
    }
    BigInteger x = point.normalize().getAffineXCoord().toBigInteger();
    return x.mod(n).equals(r);
  }

  /** The digest as an integer, keeping its leftmost bits(n) bits (SEC 1, 4.1.4 step 3). */
  static BigInteger truncatedDigest(BigInteger n, byte[] digest) {
    int log2n = n.bitLength();
    int messageBits = digest.length * 8;
    BigInteger e = new BigInteger(1, digest);
    if (messageBits > log2n) {
      e = e.shiftRight(messageBits - log2n);
    }
    return e;
  }
}
