package io.msp4j.testdata;

import java.io.OutputStream;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.interfaces.ECKey;
import java.security.interfaces.RSAKey;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/** Creates the content signers used by the certificate and CRL builders. */
final class Signing {
  private Signing() {}

  /** The algorithm Go's x509 package would pick for this signing key. */
  static SignatureAlgorithm defaultFor(PrivateKey key) {
    if (key instanceof ECKey) {
      int bits = ((ECKey) key).getParams().getOrder().bitLength();
      if (bits > 384) {
        return SignatureAlgorithm.ECDSA_SHA512;
      }
      return bits > 256 ? SignatureAlgorithm.ECDSA_SHA384 : SignatureAlgorithm.ECDSA_SHA256;
    }
    if (key instanceof RSAKey) {
      return SignatureAlgorithm.RSA_SHA256;
    }
    String alg = key.getAlgorithm();
    if ("Ed25519".equalsIgnoreCase(alg) || "EdDSA".equalsIgnoreCase(alg)) {
      return SignatureAlgorithm.ED25519;
    }
    if ("DSA".equalsIgnoreCase(alg)) {
      return SignatureAlgorithm.DSA_SHA256;
    }
    throw new IllegalArgumentException("no default signature algorithm for a " + alg + " key");
  }

  /**
   * A signer for {@code algorithm} with {@code key}; randomness (ECDSA k, PSS salt) comes from
   * {@code random}. The signature bytes pass through {@code mangling} (may be null) and the declared
   * algorithm identifier can be replaced ({@code declared} may be null).
   */
  static ContentSigner signer(
      SignatureAlgorithm algorithm,
      PrivateKey key,
      SecureRandom random,
      SignatureMangling mangling,
      AlgorithmIdentifier declared) {
    ContentSigner base;
    try {
      base =
          new JcaContentSignerBuilder(algorithm.jcaName())
              .setProvider(BcProvider.INSTANCE)
              .setSecureRandom(random)
              .build(key);
    } catch (OperatorCreationException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "cannot sign with " + algorithm + " using a " + key.getAlgorithm() + " key: " + e.getMessage(), e);
    }
    if (mangling == null && declared == null) {
      return base;
    }
    return new ContentSigner() {
      @Override
      public AlgorithmIdentifier getAlgorithmIdentifier() {
        return declared != null ? declared : base.getAlgorithmIdentifier();
      }

      @Override
      public OutputStream getOutputStream() {
        return base.getOutputStream();
      }

      @Override
      public byte[] getSignature() {
        byte[] sig = base.getSignature();
        return mangling == null ? sig : mangling.apply(sig.clone(), key);
      }
    };
  }
}
