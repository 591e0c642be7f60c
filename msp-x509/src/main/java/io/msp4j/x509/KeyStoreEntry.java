package io.msp4j.x509;

import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Objects;

/**
 * What a {@link SigningKeyStore} found for an SKI. Fabric's file key store can also answer with a
 * public key or a symmetric key, depending on the file name suffix (FOLDER-10); both are kept so
 * that setup gives Fabric's verdict for them. A key store over a hardware token answers with an
 * {@link External} key.
 */
public sealed interface KeyStoreEntry {

  /** Where the entry came from (a file name), for messages. */
  String source();

  /** A private key: the normal case. */
  record Private(PrivateKey key, String source) implements KeyStoreEntry {
    public Private {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(source, "source");
    }
  }

  /** A public key (file suffix {@code pk}): setup succeeds, signing fails later. */
  record Public(PublicKey key, String source) implements KeyStoreEntry {
    public Public {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(source, "source");
    }
  }

  /**
   * A private key held outside the JVM (in a PKCS#11 token, say) that signs on request
   * (spec P11-02, P11-04).
   */
  record External(ExternalKey key, String source) implements KeyStoreEntry {
    public External {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(source, "source");
    }
  }

  /** A symmetric key (file suffix {@code key}): no signer can be made from it; setup fails. */
  record Symmetric(String source) implements KeyStoreEntry {
    public Symmetric {
      Objects.requireNonNull(source, "source");
    }
  }
}
