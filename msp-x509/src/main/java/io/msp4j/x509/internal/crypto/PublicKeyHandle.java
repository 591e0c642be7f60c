package io.msp4j.x509.internal.crypto;

/**
 * A public key prepared by a {@link CryptoProvider} for repeated verification. Implementations
 * keep whatever the provider can reuse between calls (decoded points, precomputed tables), are
 * immutable and safe to share between threads. Only the provider that made a handle accepts it.
 */
public interface PublicKeyHandle {
  /** The key type. */
  KeyType type();
}
