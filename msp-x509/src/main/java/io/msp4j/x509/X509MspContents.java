package io.msp4j.x509;

import io.msp4j.core.reload.MspChange;
import io.msp4j.x509.internal.msp.ConfigContents;
import java.util.List;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * An X.509 MSP configuration read for comparison with another: which root and intermediate CAs,
 * admins, revoked serials (by the CA whose key identifier each CRL names), OU identifiers,
 * NodeOUs, signing identity, crypto settings and TLS CAs it holds. A reloading MSP uses it to say
 * what each new generation changed.
 *
 * <p>The configuration is parsed on first use and the result kept, so comparing each new
 * configuration with the previous one parses only the new one; a million-entry CRL is compared
 * without an object per serial. Certificates are compared by the DER of their first PEM block,
 * so a file re-written with other line breaks is no change. Immutable and thread-safe.
 */
public final class X509MspContents {
  private final ConfigContents contents;

  private X509MspContents(ConfigContents contents) {
    this.contents = contents;
  }

  /** The contents of {@code config} (nothing is parsed until they are compared). */
  public static X509MspContents of(MSPConfig config) {
    return new X509MspContents(ConfigContents.of(config));
  }

  /**
   * The contents of {@code config}, its certificates described as the Go that built {@code
   * release} parses them (nothing is parsed until they are compared).
   */
  public static X509MspContents of(MSPConfig config, io.msp4j.core.FabricRelease release) {
    return new X509MspContents(ConfigContents.of(config, release));
  }

  /**
   * The contents of {@code config}, which {@code setUp} was set up from: its CRLs are taken from
   * the MSP instead of being parsed again, which halves the work of comparing a configuration
   * with a million-entry CRL.
   */
  public static X509MspContents of(MSPConfig config, X509Msp setUp) {
    return new X509MspContents(ConfigContents.of(config, setUp));
  }

  /** The configuration. */
  public MSPConfig config() {
    return contents.config();
  }

  /**
   * What differs from {@code before}; with {@code before} null, everything this configuration
   * holds, as additions. A {@link MspChange.Kind#REVOKED_SERIALS} change counts the serials of
   * one CA newly revoked (or no longer revoked) and names ten of them in its item.
   */
  public List<MspChange> changesSince(X509MspContents before) {
    return contents.changesSince(before == null ? null : before.contents);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof X509MspContents c && c.config().equals(config());
  }

  @Override
  public int hashCode() {
    return Objects.hash(config());
  }

  @Override
  public String toString() {
    return "X509MspContents{" + config().getSerializedSize() + " bytes}";
  }
}
