package io.msp4j.x509.internal.crypto;

import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.KeyAlgorithm;
import java.io.IOException;
import java.math.BigInteger;
import java.security.PrivateKey;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.crypto.util.PrivateKeyFactory;

/**
 * {@link CryptoProvider} on Bouncy Castle's lightweight API; no JCA provider is registered or
 * looked up. Public keys reuse the parameters parsed with the certificate. An ECDSA key's first
 * verifications run Bouncy Castle's {@code ECDSASigner}; once a key has been used a few times (a
 * CA key, or an identity that signs often), its handle keeps a fixed-base comb of the key ({@link
 * EcComb}, about the cost of seven verifications to build) and verification uses it together with
 * this provider's comb of the curve's generator ({@link EcdsaComb}): the same verdicts, about 1.3
 * times faster, and no lock shared between threads. ECDSA
 * signatures use deterministic nonces (RFC 6979 with HMAC-SHA-256).
 */
public final class BouncyCastleCryptoProvider implements CryptoProvider {
  /** Key handles verify this many times with ECDSASigner before they build their comb. */
  private static final int USES_BEFORE_COMB = 8;

  /** The generator's comb per curve name, made when a key on that curve first needs it. */
  private final ConcurrentHashMap<String, EcComb> generatorCombs = new ConcurrentHashMap<>();

  private final PlatformDigests digests = new PlatformDigests();

  @Override
  public String name() {
    return "bouncycastle";
  }

  @Override
  public byte[] hash(SignatureDigest digest, byte[] data) {
    return digests.hash(digest, data);
  }

  @Override
  public PublicKeyHandle publicKey(CertPublicKey key) {
    AsymmetricKeyParameter params = key.parameters().orElse(null);
    if (key.algorithm() == KeyAlgorithm.ECDSA && params instanceof ECPublicKeyParameters ec) {
      return new EcPublic(ec, key.curveName().orElse(null));
    }
    if (key.algorithm() == KeyAlgorithm.ED25519 && params instanceof Ed25519PublicKeyParameters ed) {
      return new EdPublic(ed);
    }
    throw new UnsupportedKeyException(key + " keys cannot verify message signatures");
  }

  @Override
  public PrivateKeyHandle privateKey(PrivateKey key) {
    Objects.requireNonNull(key, "key");
    byte[] encoded = key.getEncoded();
    if (encoded == null) {
      throw new UnsupportedKeyException(
          "the " + key.getAlgorithm() + " private key cannot be exported for signing");
    }
    AsymmetricKeyParameter params;
    try {
      params = PrivateKeyFactory.createKey(encoded);
    } catch (IOException | RuntimeException e) {
      throw new UnsupportedKeyException(
          "the " + key.getAlgorithm() + " private key cannot be read: " + e.getMessage(), e);
    }
    if (params instanceof ECPrivateKeyParameters ec) {
      return new EcPrivate(ec);
    }
    if (params instanceof Ed25519PrivateKeyParameters ed) {
      return new EdPrivate(ed);
    }
    throw new UnsupportedKeyException(key.getAlgorithm() + " keys cannot sign messages");
  }

  @Override
  public boolean verify(PublicKeyHandle key, byte[] input, RawSignature signature) {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(signature, "signature");
    if (key instanceof EcPublic ec) {
      return signature instanceof RawSignature.Ecdsa rs && verifyEcdsa(ec, input, rs);
    }
    if (key instanceof EdPublic ed) {
      return signature instanceof RawSignature.Ed25519 sig && verifyEd25519(ed.params, input, sig);
    }
    throw new IllegalArgumentException("key handle was not made by this provider: " + key);
  }

  private boolean verifyEcdsa(EcPublic key, byte[] digest, RawSignature.Ecdsa rs) {
    EcPublic.Combs combs = key.combs;
    if (combs == null && key.curve != null && key.uses++ >= USES_BEFORE_COMB) {
      ECDomainParameters domain = key.params.getParameters();
      EcComb generator = generatorCombs.computeIfAbsent(
          key.curve, c -> EcComb.of(domain.getG(), domain.getN()));
      combs = new EcPublic.Combs(EcComb.of(key.params.getQ(), domain.getN()), generator);
      key.combs = combs;
    }
    if (combs != null) {
      try {
        return EcdsaComb.verify(key.params, combs.key(), combs.generator(), digest, rs.r(), rs.s());
      } catch (RuntimeException e) {
        return false;
      }
    }
    return verifyWithSigner(key.params, digest, rs);
  }

  /** Bouncy Castle's own ECDSA verification: the reference for {@link EcdsaComb}. */
  static boolean verifyWithSigner(ECPublicKeyParameters key, byte[] digest, RawSignature.Ecdsa rs) {
    try {
      ECDSASigner verifier = new ECDSASigner();
      verifier.init(false, key);
      // Bouncy Castle refuses r or s outside [1, n-1] itself, as Go's ecdsa.Verify does.
      return verifier.verifySignature(digest, rs.r(), rs.s());
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static boolean verifyEd25519(Ed25519PublicKeyParameters key, byte[] message, RawSignature.Ed25519 sig) {
    byte[] bytes = sig.bytes();
    if (bytes.length != Ed25519PrivateKeyParameters.SIGNATURE_SIZE) {
      return false;
    }
    try {
      Ed25519Signer verifier = new Ed25519Signer();
      verifier.init(false, key);
      verifier.update(message, 0, message.length);
      return verifier.verifySignature(bytes);
    } catch (RuntimeException e) {
      return false;
    }
  }

  @Override
  public RawSignature sign(PrivateKeyHandle key, byte[] input) {
    Objects.requireNonNull(input, "input");
    if (key instanceof EcPrivate ec) {
      ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
      signer.init(true, ec.params);
      BigInteger[] rs = signer.generateSignature(input);
      return new RawSignature.Ecdsa(rs[0], rs[1]);
    }
    if (key instanceof EdPrivate ed) {
      Ed25519Signer signer = new Ed25519Signer();
      signer.init(true, ed.params);
      signer.update(input, 0, input.length);
      return new RawSignature.Ed25519(signer.generateSignature());
    }
    throw new IllegalArgumentException("key handle was not made by this provider: " + key);
  }

  /**
   * An ECDSA key: Bouncy Castle's parameters and, once the key has been used, the combs that
   * speed up its later verifications. The use count is a heuristic and may race harmlessly.
   */
  private static final class EcPublic implements PublicKeyHandle {
    record Combs(EcComb key, EcComb generator) {}

    final ECPublicKeyParameters params;
    final String curve;
    int uses;
    volatile Combs combs;

    EcPublic(ECPublicKeyParameters params, String curve) {
      this.params = params;
      this.curve = curve;
    }

    @Override
    public KeyType type() {
      return KeyType.ECDSA;
    }

    @Override
    public String toString() {
      return "EcPublicKeyHandle[" + curve + "]";
    }
  }

  private record EdPublic(Ed25519PublicKeyParameters params) implements PublicKeyHandle {
    @Override
    public KeyType type() {
      return KeyType.ED25519;
    }
  }

  private record EcPrivate(ECPrivateKeyParameters params) implements PrivateKeyHandle {
    @Override
    public KeyType type() {
      return KeyType.ECDSA;
    }

    @Override
    public BigInteger ecdsaOrder() {
      return params.getParameters().getN();
    }

    @Override
    public String toString() {
      return "EcPrivateKeyHandle";
    }
  }

  private record EdPrivate(Ed25519PrivateKeyParameters params) implements PrivateKeyHandle {
    @Override
    public KeyType type() {
      return KeyType.ED25519;
    }

    @Override
    public BigInteger ecdsaOrder() {
      return null;
    }

    @Override
    public String toString() {
      return "Ed25519PrivateKeyHandle";
    }
  }
}
