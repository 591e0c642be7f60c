package io.msp4j.x509.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The comb verifier gives {@code ECDSASigner}'s verdict on valid, altered and random inputs. */
@Tag("VERIFY-03")
@Tag("CHAIN-04")
class EcdsaCombTest {

  @ParameterizedTest
  @ValueSource(strings = {"secp224r1", "secp256r1", "secp384r1", "secp521r1"})
  void combVerdictsEqualEcdsaSigner(String curveName) {
    X9ECParameters x9 = CustomNamedCurves.getByName(curveName);
    ECDomainParameters domain = new ECDomainParameters(x9);
    BigInteger n = domain.getN();
    Random random = new Random(curveName.hashCode());
    EcComb g = EcComb.of(domain.getG(), n);
    int accepted = 0;
    for (int k = 0; k < 4; k++) {
      BigInteger d = new BigInteger(n.bitLength() + 8, random).mod(n.subtract(BigInteger.ONE)).add(BigInteger.ONE);
      ECPoint q = domain.getG().multiply(d).normalize();
      ECPublicKeyParameters pub = new ECPublicKeyParameters(q, domain);
      EcComb qComb = EcComb.of(q, n);
      ECDSASigner signer = new ECDSASigner();
      signer.init(true, new org.bouncycastle.crypto.params.ParametersWithRandom(
          new ECPrivateKeyParameters(d, domain), new SecureRandom(new byte[] {(byte) k})));
      for (int digestLength : new int[] {0, 1, 20, 32, 48, 64, 66}) {
        byte[] digest = new byte[digestLength];
        random.nextBytes(digest);
        BigInteger[] rs = digestLength == 0 ? new BigInteger[] {BigInteger.ONE, BigInteger.ONE}
            : signer.generateSignature(digest);
        BigInteger r = rs[0];
        BigInteger s = rs[1];
        BigInteger[][] variants = {
            {r, s}, {r, n.subtract(s)}, {r.add(BigInteger.ONE), s}, {r, s.add(BigInteger.ONE)},
            {r, BigInteger.ZERO}, {BigInteger.ZERO, s}, {n, s}, {r, n}, {r.add(n), s},
            {r.negate(), s}, {s, r}, {BigInteger.ONE, BigInteger.ONE},
            {new BigInteger(n.bitLength() - 1, random), new BigInteger(n.bitLength() - 1, random)}};
        for (BigInteger[] v : variants) {
          RawSignature.Ecdsa sig = new RawSignature.Ecdsa(v[0], v[1]);
          boolean expected = BouncyCastleCryptoProvider.verifyWithSigner(pub, digest, sig);
          boolean comb = EcdsaComb.verify(pub, qComb, g, digest, v[0], v[1]);
          assertThat(comb).as("%s d=%s digest=%d r=%s s=%s", curveName, d, digestLength, v[0], v[1])
              .isEqualTo(expected);
          accepted += expected ? 1 : 0;
        }
      }
    }
    assertThat(accepted).as("valid signatures and their high-S twins").isEqualTo(4 * 6 * 2);
  }

  /** Edge multipliers: u1 = 0 (digest 0), and points that sum to infinity along the way. */
  @ParameterizedTest
  @ValueSource(strings = {"secp256r1", "secp384r1"})
  void combMultipliesLikeTheCurve(String curveName) {
    X9ECParameters x9 = CustomNamedCurves.getByName(curveName);
    ECDomainParameters domain = new ECDomainParameters(x9);
    BigInteger n = domain.getN();
    EcComb g = EcComb.of(domain.getG(), n);
    ECPoint q = domain.getG().multiply(BigInteger.valueOf(12345)).normalize();
    EcComb qc = EcComb.of(q, n);
    Random random = new Random(7);
    BigInteger[] scalars = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, n.subtract(BigInteger.ONE),
        n.shiftRight(1), BigInteger.ONE.shiftLeft(n.bitLength() - 1), new BigInteger(n.bitLength() - 1, random)};
    for (BigInteger a : scalars) {
      for (BigInteger b : scalars) {
        ECPoint expected = domain.getG().multiply(a).add(q.multiply(b)).normalize();
        ECPoint actual = g.sumOfTwo(a, qc, b).normalize();
        assertThat(actual).as("a=%s b=%s", a, b).isEqualTo(expected);
      }
    }
    // a·G + b·Q = infinity when b·12345 = -a (mod n).
    BigInteger b = BigInteger.valueOf(3);
    BigInteger a = n.subtract(b.multiply(BigInteger.valueOf(12345)).mod(n));
    assertThat(g.sumOfTwo(a, qc, b).isInfinity()).isTrue();
  }
}
