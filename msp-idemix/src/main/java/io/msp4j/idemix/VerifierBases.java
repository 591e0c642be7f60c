package io.msp4j.idemix;

import java.math.BigInteger;
import java.util.List;
import org.apache.milagro.amcl.FP256BN.ECP;

/**
 * The fixed bases of an issuer key as {@link FixedBase} tables, for the verifier's public
 * scalars: g1, h_sk, h_rand and h_attrs[0..3]. About 1.7 MB per issuer key, made once.
 */
final class VerifierBases {
  final FixedBase g1;
  final FixedBase hSk;
  final FixedBase hRand;
  private final FixedBase[] hAttrs;

  VerifierBases(ECP hSk, ECP hRand, List<ECP> hAttrs) {
    this.g1 = new FixedBase(Fp256bn.generatorG1());
    this.hSk = new FixedBase(hSk);
    this.hRand = new FixedBase(hRand);
    int n = Math.min(hAttrs.size(), IdemixIssuerKey.ATTRIBUTE_NAMES.size());
    this.hAttrs = new FixedBase[n];
    for (int i = 0; i < n; i++) {
      this.hAttrs[i] = new FixedBase(hAttrs.get(i));
    }
  }

  FixedBase hAttr(int i) {
    return hAttrs[i];
  }

  /** A new accumulator: the point at infinity. */
  static ECP zero() {
    ECP z = new ECP();
    z.inf();
    return z;
  }

  /** k·(fixed base) added to {@code acc}, returned for chaining. */
  static ECP plus(ECP acc, FixedBase base, BigInteger k) {
    base.addMultiple(acc, k);
    return acc;
  }
}
