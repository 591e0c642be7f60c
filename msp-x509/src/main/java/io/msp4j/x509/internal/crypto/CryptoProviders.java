package io.msp4j.x509.internal.crypto;

/** Chooses the {@link CryptoProvider} an MSP uses. */
public final class CryptoProviders {
  private CryptoProviders() {}

  /**
   * The provider for a new MSP: Bouncy Castle's lightweight API. A native provider found on the
   * class path would be chosen here; both must give the same verdicts.
   */
  public static CryptoProvider defaultProvider() {
    return new BouncyCastleCryptoProvider();
  }
}
