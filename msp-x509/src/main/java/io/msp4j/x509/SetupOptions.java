package io.msp4j.x509;

import java.time.Clock;
import java.util.Objects;

/**
 * Options for setting up an X.509 MSP.
 *
 * @param keyStore where a local MSP's signing key is looked up (FOLDER-10); empty for channel
 *     MSPs
 * @param clock the clock for the one wall-clock check Fabric makes at setup, the signing
 *     identity's expiry (SETUP-SIGNER-03)
 * @param sources names the file behind each configuration entry, for error messages
 * @param crypto the implementation of signature checks (the verdicts are the same)
 */
public record SetupOptions(
    SigningKeyStore keyStore, Clock clock, ConfigSources sources, CryptoBackend crypto) {
  public SetupOptions {
    Objects.requireNonNull(keyStore, "keyStore");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(sources, "sources");
    Objects.requireNonNull(crypto, "crypto");
  }

  /** Options with the {@link CryptoBackend#AUTO} crypto backend. */
  public SetupOptions(SigningKeyStore keyStore, Clock clock, ConfigSources sources) {
    this(keyStore, clock, sources, CryptoBackend.AUTO);
  }

  /**
   * No key store, the system clock, no file names, the fastest crypto available: what a channel
   * (verifying) MSP needs.
   */
  public static SetupOptions defaults() {
    return new SetupOptions(SigningKeyStore.empty(), Clock.systemUTC(), ConfigSources.none());
  }

  /** These options with another key store. */
  public SetupOptions withKeyStore(SigningKeyStore store) {
    return new SetupOptions(store, clock, sources, crypto);
  }

  /** These options with another clock. */
  public SetupOptions withClock(Clock c) {
    return new SetupOptions(keyStore, c, sources, crypto);
  }

  /** These options with source names for the configuration's entries. */
  public SetupOptions withSources(ConfigSources s) {
    return new SetupOptions(keyStore, clock, s, crypto);
  }

  /** These options with another crypto backend. */
  public SetupOptions withCrypto(CryptoBackend backend) {
    return new SetupOptions(keyStore, clock, sources, backend);
  }
}
