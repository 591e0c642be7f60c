package io.msp4j.x509.internal.crypto;

import java.math.BigInteger;

/**
 * A private key prepared by a {@link CryptoProvider} for signing. Immutable and safe to share
 * between threads. Only the provider that made a handle accepts it.
 */
public interface PrivateKeyHandle {
  /** The key type. */
  KeyType type();

  /** For ECDSA keys the order n of the curve's group (for low-S normalisation); else null. */
  BigInteger ecdsaOrder();
}
