package io.msp4j.idemix;

import io.msp4j.idemix.internal.wire.IdemixWire.Credential;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import org.apache.milagro.amcl.FP256BN.ECP;
import org.apache.milagro.amcl.FP256BN.ECP2;

/**
 * The BBS+ verification written out in the test, apart from the main code: B recomputed from the
 * user secret and the attribute values, then e(w + e·g2, A) = e(g2, B).
 */
final class BbsPlus {
  private BbsPlus() {}

  static boolean bMatches(IdemixIssuerKey key, BigInteger sk, Credential cred, List<BigInteger> attributes) {
    ECP b = Fp256bn.generatorG1();
    b = Fp256bn.add(b, Fp256bn.mul(key.hSk(), sk));
    b = Fp256bn.add(b, Fp256bn.mul(key.hRand(), scalar(cred.getS().toByteArray())));
    for (int i = 0; i < attributes.size(); i++) {
      b = Fp256bn.add(b, Fp256bn.mul(key.hAttr(i), attributes.get(i)));
    }
    return Arrays.equals(Fp256bn.bytes(b), Fp256bn.bytes(point(cred.getB())));
  }

  static boolean pairingHolds(IdemixIssuerKey key, Credential cred) {
    ECP2 g2 = Fp256bn.generatorG2();
    ECP2 left = Fp256bn.add(key.w(), Fp256bn.mul(g2, scalar(cred.getE().toByteArray())));
    return Fp256bn.pairingsEqual(left, point(cred.getA()), g2, point(cred.getB()));
  }

  static List<BigInteger> attributeValues(Credential cred) {
    return cred.getAttrsList().stream().map(a -> scalar(a.toByteArray())).toList();
  }

  private static BigInteger scalar(byte[] b) {
    return new BigInteger(1, b);
  }

  private static ECP point(io.msp4j.idemix.internal.wire.AmclWire.ECP p) {
    try {
      return Points.g1(p, true, "point");
    } catch (Points.MalformedPointException e) {
      throw new AssertionError(e);
    }
  }
}
