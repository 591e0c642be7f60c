package io.msp4j.idemix;

import java.math.BigInteger;
import java.util.List;
import java.util.function.Function;
import org.apache.milagro.amcl.FP256BN.ECP;

/**
 * The fixed bases of an issuer key for the verifier's public scalars: g1, h_sk, h_rand and
 * h_attrs[0..3], either as {@link FixedBase} tables (about 1.7 MB per key, worth it once a key has
 * verified a few dozen proofs or signatures) or plain (milagro's multiplication each time, for a
 * key that verifies a handful, as one command does).
 */
final class VerifierBases {
  final MultipleAdder g1;
  final MultipleAdder hSk;
  final MultipleAdder hRand;
  private final MultipleAdder[] hAttrs;

  private VerifierBases(ECP hSk, ECP hRand, List<ECP> hAttrs, Function<ECP, MultipleAdder> how) {
    this.g1 = how.apply(Fp256bn.generatorG1());
    this.hSk = how.apply(hSk);
    this.hRand = how.apply(hRand);
    int n = Math.min(hAttrs.size(), IdemixIssuerKey.ATTRIBUTE_NAMES.size());
    this.hAttrs = new MultipleAdder[n];
    for (int i = 0; i < n; i++) {
      this.hAttrs[i] = how.apply(hAttrs.get(i));
    }
  }

  static VerifierBases tabled(ECP hSk, ECP hRand, List<ECP> hAttrs) {
    return new VerifierBases(hSk, hRand, hAttrs, FixedBase::new);
  }

  static VerifierBases plain(ECP hSk, ECP hRand, List<ECP> hAttrs) {
    return new VerifierBases(hSk, hRand, hAttrs, MultipleAdder::plain);
  }

  MultipleAdder hAttr(int i) {
    return hAttrs[i];
  }

  /** k·(fixed base) added to {@code acc}, returned for chaining. */
  static ECP plus(ECP acc, MultipleAdder base, BigInteger k) {
    base.addMultiple(acc, k);
    return acc;
  }
}
