package io.msp4j.testdata;

import java.math.BigInteger;
import org.bouncycastle.asn1.x9.ECNamedCurveTable;
import org.bouncycastle.asn1.x9.X9ECParameters;

/** Curve constants looked up from Bouncy Castle's named-curve table. */
final class EcCurves {
  private EcCurves() {}

  static BigInteger order(String curveName) {
    X9ECParameters p = ECNamedCurveTable.getByName(curveName);
    if (p == null) {
      throw new IllegalArgumentException("unknown curve " + curveName);
    }
    return p.getN();
  }
}
