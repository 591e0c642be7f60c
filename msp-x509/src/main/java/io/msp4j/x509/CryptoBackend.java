package io.msp4j.x509;

/**
 * Which implementation an MSP uses for its signature checks. Both give the same verdicts; they
 * differ in speed.
 */
public enum CryptoBackend {
  /**
   * Conscrypt (BoringSSL) for ECDSA verification when {@code org.conscrypt:conscrypt-openjdk-uber}
   * is on the class path and its native library loads on this platform; Bouncy Castle otherwise.
   */
  AUTO,
  /** Bouncy Castle's lightweight API only: pure Java, on every platform. */
  BOUNCY_CASTLE
}
