package io.msp4j.pkcs11;

import io.msp4j.pkcs11.internal.SessionPool;
import io.msp4j.pkcs11.internal.TokenKeyStore;
import io.msp4j.x509.SigningKeyStore;
import java.util.Objects;

/**
 * A logged-in connection to one PKCS#11 token, owned by the caller: open it once, use its {@link
 * #keyStore()} for every local MSP whose key is on the token (also across the reloads of a
 * watched folder), and close it at the end. It keeps a small pool of sessions, so signing from
 * many threads is safe; the user logs in once (spec P11-01).
 *
 * <pre>{@code
 * try (Pkcs11Token token = Pkcs11Token.open(settings)) {
 *   MspFolderConfig folder = MspFolders.readLocal(dir, "Org1MSP");
 *   X509Msp msp = X509Msps.setup(folder.mspConfig(), MspVersion.V3_0,
 *       SetupOptions.defaults().withKeyStore(token.keyStore()).withSources(folder.sources()));
 *   byte[] sig = msp.defaultSigningIdentity().sign(message);
 * }
 * }</pre>
 *
 * <p>Signing through the token follows Fabric (P11-04); before the first signature of a signing
 * identity is handed out it is checked against the certificate (beyond Fabric, P11-05). If the
 * token goes away, calls fail with {@link io.msp4j.core.Reason#TOKEN_NOT_FOUND} or {@link
 * io.msp4j.core.Reason#TOKEN_FAILURE} and work again once it is back. Closing the token finalises
 * the PKCS#11 library if this token initialised it, so open one token per library and share it.
 */
public final class Pkcs11Token implements AutoCloseable {

  private final Pkcs11Settings settings;
  private final SessionPool pool;
  private final SigningKeyStore keyStore;

  private Pkcs11Token(Pkcs11Settings settings, SessionPool pool) {
    this.settings = settings;
    this.pool = pool;
    this.keyStore = new TokenKeyStore(pool, settings);
  }

  /**
   * Loads the library, finds the token by its label and logs in.
   *
   * @throws io.msp4j.core.MspSetupException with reason {@code PKCS11_LIBRARY_UNAVAILABLE}, {@code
   *     TOKEN_NOT_FOUND} or {@code TOKEN_LOGIN_FAILED} (rule P11-01); the message never holds the PIN
   */
  public static Pkcs11Token open(Pkcs11Settings settings) {
    Objects.requireNonNull(settings, "settings");
    return new Pkcs11Token(settings, SessionPool.open(settings));
  }

  /**
   * The key store over this token: finds a signing certificate's key by class and CKA_ID, as Fabric
   * does (P11-02). Setup fails, naming the CKA_ID and the token, when it is not there (P11-05).
   */
  public SigningKeyStore keyStore() {
    return keyStore;
  }

  /** The settings this token was opened with. */
  public Pkcs11Settings settings() {
    return settings;
  }

  /** The token's label. */
  public String label() {
    return settings.label();
  }

  /** Logs out by closing every session; finalises the library if this token initialised it. */
  @Override
  public void close() {
    pool.close();
  }

  @Override
  public String toString() {
    return "Pkcs11Token{library=" + settings.library() + ", label=" + settings.label() + "}";
  }
}
