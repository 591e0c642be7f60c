package io.msp4j.x509;

import java.util.Optional;

/**
 * Where a local MSP finds the private key of its signing identity: looked up by the subject key
 * identifier of the signing certificate's public key (spec FOLDER-10, SETUP-SIGNER-02). The
 * folder reader provides one over the {@code keystore} folder.
 */
@FunctionalInterface
public interface SigningKeyStore {

  /** A key store that holds nothing. */
  static SigningKeyStore empty() {
    return ski -> Optional.empty();
  }

  /**
   * Finds the key whose public key has this SKI (SHA-256 of the public key encoding of
   * FOLDER-10).
   *
   * @return the entry, or empty when the store has no such key
   * @throws io.msp4j.core.MspSetupException when a candidate key file cannot be read or parsed
   */
  Optional<KeyStoreEntry> find(byte[] ski);
}
