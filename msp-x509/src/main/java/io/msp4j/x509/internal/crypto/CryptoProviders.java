package io.msp4j.x509.internal.crypto;

import io.msp4j.x509.CryptoBackend;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Chooses the {@link CryptoProvider} an MSP uses. */
public final class CryptoProviders {
  private static final Logger LOG = LoggerFactory.getLogger(CryptoProviders.class);

  private CryptoProviders() {}

  /** The provider for {@code backend}; see {@link CryptoBackend}. */
  public static CryptoProvider forBackend(CryptoBackend backend) {
    return switch (Objects.requireNonNull(backend, "backend")) {
      case AUTO -> nativeProvider().orElseGet(BouncyCastleCryptoProvider::new);
      case BOUNCY_CASTLE -> new BouncyCastleCryptoProvider();
    };
  }

  /** The provider for a new MSP: native when available, Bouncy Castle otherwise. */
  public static CryptoProvider defaultProvider() {
    return forBackend(CryptoBackend.AUTO);
  }

  /**
   * A new Conscrypt-backed provider, or empty when Conscrypt is not on the class path or its
   * native library does not load here.
   */
  public static Optional<CryptoProvider> nativeProvider() {
    try {
      Class.forName("org.conscrypt.Conscrypt", false, CryptoProviders.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      LOG.debug("Conscrypt is not on the class path: Bouncy Castle checks signatures");
      return Optional.empty();
    }
    try {
      return Optional.of(ConscryptCryptoProvider.create());
    } catch (RuntimeException | LinkageError e) {
      LOG.debug("Conscrypt does not load here ({}): Bouncy Castle checks signatures", e.toString());
      return Optional.empty();
    }
  }
}
