package io.msp4j.x509.internal.msp;

import io.msp4j.x509.ExternalKey;
import java.security.Key;
import java.util.Objects;

/** The key setup found for the signing identity: a key object in the JVM, or an external key. */
sealed interface SignerKey {

  /**
   * A key in the JVM. Normally private; Fabric's key store may also yield a public key, with which
   * setup succeeds but signing fails (FOLDER-10).
   */
  record Local(Key key) implements SignerKey {
    public Local {
      Objects.requireNonNull(key, "key");
    }
  }

  /** A key held by a device (PKCS#11 token) that signs on request (P11-04). */
  record External(ExternalKey key, String source) implements SignerKey {
    public External {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(source, "source");
    }
  }
}
