package io.msp4j.x509.internal.crypto;

import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.KeyAlgorithm;
import io.msp4j.x509.internal.chain.EcdsaSignatureDer;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Objects;
import org.conscrypt.Conscrypt;

/**
 * {@link CryptoProvider} with Conscrypt (BoringSSL inside) for ECDSA verification, the platform's
 * digests ({@link PlatformDigests}), and {@link BouncyCastleCryptoProvider} for the rest: Ed25519
 * and signing (whose deterministic nonces make signatures reproducible). The Conscrypt provider
 * object is shared by all instances and never registered with the JCA.
 *
 * <p>Only {@link CryptoProviders} makes instances, after checking that Conscrypt's classes are on
 * the class path and its native library loads.
 */
final class ConscryptCryptoProvider implements CryptoProvider {
  private final Provider conscrypt;
  private final BouncyCastleCryptoProvider fallback = new BouncyCastleCryptoProvider();
  private final PlatformDigests digests = new PlatformDigests();

  private ConscryptCryptoProvider(Provider conscrypt) {
    this.conscrypt = conscrypt;
  }

  /**
   * A provider when Conscrypt's native library is available on this platform.
   *
   * @throws IllegalStateException when it is not
   * @throws LinkageError when Conscrypt's classes are missing
   */
  static ConscryptCryptoProvider create() {
    if (!Conscrypt.isAvailable()) {
      throw new IllegalStateException("Conscrypt's native library is not available");
    }
    return new ConscryptCryptoProvider(SharedConscrypt.PROVIDER);
  }

  /**
   * One Conscrypt provider object for all MSPs. Making one registers about a hundred services
   * (tens of kilobytes and about a millisecond each), which a channel of many orgs would pay per
   * org; the object is immutable once made, safe for concurrent use, and still never registered
   * with the JCA.
   */
  private static final class SharedConscrypt {
    static final Provider PROVIDER = Conscrypt.newProvider();
  }

  @Override
  public String name() {
    return "conscrypt";
  }

  @Override
  public byte[] hash(SignatureDigest digest, byte[] data) {
    return digests.hash(digest, data);
  }

  @Override
  public PublicKeyHandle publicKey(CertPublicKey key) {
    if (key.algorithm() == KeyAlgorithm.ECDSA && key.curveName().isPresent()) {
      BigInteger n = EcdsaSignatureDer.curveOrder(key.curveName().get());
      if (n != null) {
        try {
          PublicKey imported = KeyFactory.getInstance("EC", conscrypt)
              .generatePublic(new X509EncodedKeySpec(key.spki()));
          return new EcPublic(imported, n);
        } catch (GeneralSecurityException | RuntimeException e) {
          // Bouncy Castle verifies what BoringSSL will not import.
        }
      }
    }
    return new Delegated(fallback.publicKey(key));
  }

  @Override
  public PrivateKeyHandle privateKey(PrivateKey key) {
    return fallback.privateKey(key);
  }

  @Override
  public boolean verify(PublicKeyHandle key, byte[] input, RawSignature signature) {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(signature, "signature");
    if (key instanceof Delegated d) {
      return fallback.verify(d.handle(), input, signature);
    }
    if (!(key instanceof EcPublic ec)) {
      throw new IllegalArgumentException("key handle was not made by this provider: " + key);
    }
    if (!(signature instanceof RawSignature.Ecdsa rs)) {
      return false;
    }
    BigInteger r = rs.r();
    BigInteger s = rs.s();
    if (r.signum() <= 0 || s.signum() <= 0 || r.compareTo(ec.order()) >= 0
        || s.compareTo(ec.order()) >= 0) {
      return false;
    }
    try {
      // Raw ECDSA over the digest: BoringSSL truncates it to the order's length, as Go does.
      Signature verifier = Signature.getInstance("NONEwithECDSA", conscrypt);
      verifier.initVerify(ec.key());
      verifier.update(input);
      return verifier.verify(EcdsaSignatureDer.toMinimalDer(r, s));
    } catch (GeneralSecurityException | RuntimeException e) {
      return false;
    }
  }

  @Override
  public RawSignature sign(PrivateKeyHandle key, byte[] input) {
    return fallback.sign(key, input);
  }

  /** An ECDSA key imported into BoringSSL, with its curve's order for the range check. */
  private record EcPublic(PublicKey key, BigInteger order) implements PublicKeyHandle {
    @Override
    public KeyType type() {
      return KeyType.ECDSA;
    }
  }

  /** A key the fallback provider handles. */
  private record Delegated(PublicKeyHandle handle) implements PublicKeyHandle {
    @Override
    public KeyType type() {
      return handle.type();
    }
  }
}
