package io.msp4j.idemix;

import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;
import org.bouncycastle.util.BigIntegers;

/**
 * P-384 keys for the revocation authority: JDK key objects, with the scalar drawn from the
 * caller's generator and the public point computed with Bouncy Castle (the JDK has no public
 * point multiplication, and a PKCS#8 key from the JDK carries no public key).
 */
final class P384 {
  private static final String CURVE = "secp384r1";
  private static final X9ECParameters BC_CURVE = CustomNamedCurves.getByName(CURVE);
  private static final ECParameterSpec PARAMS = jdkParameters();

  private P384() {}

  /** A uniformly random scalar in [1, n-1]. */
  static BigInteger randomScalar(SecureRandom random) {
    BigInteger n = PARAMS.getOrder();
    return BigIntegers.createRandomInRange(BigInteger.ONE, n.subtract(BigInteger.ONE), random);
  }

  static ECPrivateKey privateKey(BigInteger d) {
    try {
      return (ECPrivateKey) KeyFactory.getInstance("EC").generatePrivate(new ECPrivateKeySpec(d, PARAMS));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("EC keys on P-384 are required of the Java platform", e);
    }
  }

  static ECPrivateKey privateKeyFromPkcs8(byte[] pkcs8) {
    PrivateKey key;
    try {
      key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(pkcs8.clone()));
    } catch (InvalidKeySpecException e) {
      throw new IllegalArgumentException("the revocation key is not a PKCS#8 EC private key: " + e.getMessage(), e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("EC keys are required of the Java platform", e);
    }
    ECPrivateKey ec = (ECPrivateKey) key;
    ECParameterSpec p = ec.getParams();
    if (!p.getOrder().equals(PARAMS.getOrder()) || !p.getCurve().equals(PARAMS.getCurve())
        || !p.getGenerator().equals(PARAMS.getGenerator())) {
      throw new IllegalArgumentException(
          "the revocation key is on a curve of " + p.getOrder().bitLength() + "-bit order, not on P-384");
    }
    BigInteger d = ec.getS();
    if (d.signum() <= 0 || d.compareTo(PARAMS.getOrder()) >= 0) {
      throw new IllegalArgumentException("the revocation key's scalar is not in [1, n-1] of P-384");
    }
    return privateKey(d);
  }

  static ECPublicKey publicKeyOf(ECPrivateKey key) {
    org.bouncycastle.math.ec.ECPoint q =
        new FixedPointCombMultiplier().multiply(BC_CURVE.getG(), key.getS()).normalize();
    ECPoint w = new ECPoint(q.getAffineXCoord().toBigInteger(), q.getAffineYCoord().toBigInteger());
    try {
      return (ECPublicKey) KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(w, PARAMS));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("EC keys on P-384 are required of the Java platform", e);
    }
  }

  private static ECParameterSpec jdkParameters() {
    try {
      AlgorithmParameters p = AlgorithmParameters.getInstance("EC");
      p.init(new ECGenParameterSpec(CURVE));
      return p.getParameterSpec(ECParameterSpec.class);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("P-384 is required of the Java platform", e);
    }
  }
}
