package io.msp4j.x509.internal.crypto;

import io.msp4j.x509.CryptoBackend;
import java.util.Objects;
import java.util.Optional;

/** Chooses the {@link CryptoProvider} an MSP uses. */
public final class CryptoProviders {
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
      return Optional.empty();
    }
    try {
      return Optional.of(ConscryptCryptoProvider.create());
    } catch (RuntimeException | LinkageError e) {
      return Optional.empty();
    }
  }
}
