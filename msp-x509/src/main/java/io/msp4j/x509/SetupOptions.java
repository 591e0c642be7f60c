package io.msp4j.x509;

import io.msp4j.core.FabricRelease;
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
 * @param release the Fabric release whose verdicts the MSP gives (DELTA25 rules); {@link
 *     FabricRelease#V3_0} unless chosen
 */
public record SetupOptions(
    SigningKeyStore keyStore,
    Clock clock,
    ConfigSources sources,
    CryptoBackend crypto,
    FabricRelease release) {
  public SetupOptions {
    Objects.requireNonNull(keyStore, "keyStore");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(sources, "sources");
    Objects.requireNonNull(crypto, "crypto");
    Objects.requireNonNull(release, "release");
  }

  /** Options for the default release ({@link FabricRelease#defaultRelease()}). */
  public SetupOptions(
      SigningKeyStore keyStore, Clock clock, ConfigSources sources, CryptoBackend crypto) {
    this(keyStore, clock, sources, crypto, FabricRelease.defaultRelease());
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
    return new SetupOptions(store, clock, sources, crypto, release);
  }

  /** These options with another clock. */
  public SetupOptions withClock(Clock c) {
    return new SetupOptions(keyStore, c, sources, crypto, release);
  }

  /** These options with source names for the configuration's entries. */
  public SetupOptions withSources(ConfigSources s) {
    return new SetupOptions(keyStore, clock, s, crypto, release);
  }

  /** These options with another crypto backend. */
  public SetupOptions withCrypto(CryptoBackend backend) {
    return new SetupOptions(keyStore, clock, sources, backend, release);
  }

  /**
   * These options for another Fabric release: the MSP then gives that release's verdicts where
   * the two differ (DELTA25 rules), and setting up an MSP version the release does not have
   * fails (DELTA25-01).
   */
  public SetupOptions withRelease(FabricRelease r) {
    return new SetupOptions(keyStore, clock, sources, crypto, r);
  }
}
