package io.msp4j.x509.internal.crypto;

import io.msp4j.x509.internal.cert.CertPublicKey;
import java.security.PrivateKey;

/**
 * The cryptographic primitives an MSP needs for messages: hash, verify, sign, and the
 * preparation of keys so that repeated use costs nothing extra. Fabric's own rules (which digest,
 * DER decoding, low S, empty inputs, RSA refusal) are applied by the caller, so every provider
 * gives the same verdicts as long as it implements plain ECDSA over the NIST curves and RFC 8032
 * Ed25519. Implementations are stateless or immutable and safe to share between threads; they
 * never register anything globally.
 *
 * <p>The default is {@link BouncyCastleCryptoProvider} (Bouncy Castle's lightweight API). A
 * native provider (Conscrypt, with BoringSSL inside) can implement the same interface.
 */
public interface CryptoProvider {

  /** A short name for messages, such as {@code bouncycastle}. */
  String name();

  /** The digest of {@code data}. */
  byte[] hash(SignatureDigest digest, byte[] data);

  /**
   * Prepares a certificate's public key for verification. The handle keeps the provider's
   * decoded form; callers keep the handle with the identity.
   *
   * @throws UnsupportedKeyException for keys other than ECDSA (P-224, P-256, P-384, P-521) and
   *     Ed25519
   */
  PublicKeyHandle publicKey(CertPublicKey key);

  /**
   * Prepares a private key for signing.
   *
   * @throws UnsupportedKeyException for keys other than ECDSA and Ed25519
   */
  PrivateKeyHandle privateKey(PrivateKey key);

  /**
   * Plain verification: for ECDSA, {@code input} is the digest and the signature must be an
   * {@link RawSignature.Ecdsa} whose r and s lie in [1, n-1] (anything else is false, the usual
   * truncation of the digest to the group order applies); for Ed25519, {@code input} is the
   * message and the signature an {@link RawSignature.Ed25519} of 64 bytes. Never throws for a bad
   * signature; returns false when the signature kind does not fit the key.
   */
  boolean verify(PublicKeyHandle key, byte[] input, RawSignature signature);

  /**
   * Plain signing of {@code input} (the digest for ECDSA, the message for Ed25519). ECDSA results
   * are returned as produced, high S included: normalisation is the caller's job.
   */
  RawSignature sign(PrivateKeyHandle key, byte[] input);
}
