package io.msp4j.x509;

/**
 * A private key that never leaves the device that holds it (a hardware security module reached
 * through PKCS#11, say) and signs on request. A {@link SigningKeyStore} returns one as a {@link
 * KeyStoreEntry.External}; the local MSP then signs through it with Fabric's rules (SIGN-01): it
 * computes the digest itself, asks the key for the raw signature, and encodes it (low S, minimal
 * DER for ECDSA; spec P11-04).
 *
 * <p>Before the first signature of a signing identity is handed out, the MSP verifies it with the
 * certificate's public key; a key that is not the certificate's is refused (beyond Fabric, spec
 * P11-05). Implementations must be safe to call from many threads at once.
 */
public interface ExternalKey {

  /** What kind of signature the key makes. */
  enum Kind {
    /** ECDSA over a digest; the raw result is r||s, two halves of equal length. */
    ECDSA,
    /** Ed25519 (pure EdDSA) over the message; the raw result is the 64-byte signature. */
    ED25519
  }

  /** The kind of signature the key makes. */
  Kind kind();

  /**
   * Signs {@code input}: the digest for {@link Kind#ECDSA}, the message for {@link Kind#ED25519}.
   *
   * @return the raw output of the signing mechanism (r||s for ECDSA, 64 bytes for Ed25519)
   * @throws io.msp4j.core.MspException when the device cannot sign (it is gone, the key cannot
   *     sign, the mechanism is not supported); the message names the device and key, never a
   *     secret
   */
  byte[] signRaw(byte[] input);

  /** Names the key for messages: where it lives and under which id. Never a secret. */
  String describe();
}
