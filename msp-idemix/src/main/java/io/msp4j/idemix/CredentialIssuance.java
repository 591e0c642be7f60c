package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import io.msp4j.idemix.internal.wire.IdemixWire.Credential;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.List;
import org.apache.milagro.amcl.FP256BN.ECP;

/**
 * A BBS+ signature on a user secret and attribute values, as IBM idemix issues a credential (with
 * the issuer knowing the secret, so without the interactive request): e and s random,
 * B = g1 + s·h_rand + sk·h_sk + Σ m_i·h_attrs[i], A = B / (e + isk).
 */
final class CredentialIssuance {
  private CredentialIssuance() {}

  static Credential issue(
      BigInteger isk, IdemixIssuerKey key, BigInteger sk, List<BigInteger> attributes, SecureRandom random) {
    BigInteger e;
    BigInteger ePlusIsk;
    do {
      e = IssuerScalars.randomNonZero(random);
      ePlusIsk = e.add(isk).mod(Fp256bn.ORDER);
    } while (ePlusIsk.signum() == 0);
    BigInteger s = IssuerScalars.randomNonZero(random);
    ECP b = base(key, sk, s, attributes);
    ECP a = Fp256bn.mul(b, ePlusIsk.modInverse(Fp256bn.ORDER));
    Credential.Builder cred = Credential.newBuilder()
        .setA(PointWire.g1(a))
        .setB(PointWire.g1(b))
        .setE(ByteString.copyFrom(Fp256bn.scalarBytes(e)))
        .setS(ByteString.copyFrom(Fp256bn.scalarBytes(s)));
    for (BigInteger m : attributes) {
      cred.addAttrs(ByteString.copyFrom(Fp256bn.scalarBytes(m)));
    }
    return cred.build();
  }

  /** B = g1 + s·h_rand + sk·h_sk + Σ m_i·h_attrs[i]. */
  static ECP base(IdemixIssuerKey key, BigInteger sk, BigInteger s, List<BigInteger> attributes) {
    ECP b = Fp256bn.add(Fp256bn.generatorG1(), Fp256bn.mul2(key.hRand(), s, key.hSk(), sk));
    for (int i = 0; i < attributes.size(); i++) {
      b = Fp256bn.add(b, Fp256bn.mul(key.hAttr(i), attributes.get(i)));
    }
    return b;
  }
}
