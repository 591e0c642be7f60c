package io.msp4j.channel.update;

import java.util.Arrays;
import java.util.Objects;

/**
 * An identity whose fate under an update is worth knowing: a signer of the update, a configured
 * admin certificate, or a certificate an operator points at.
 */
public final class KnownIdentity {
  private final String label;
  private final byte[] serialized;
  private final boolean certificateOnly;

  /**
   * @param label where the identity came from, for the report (a file name, "signature 0")
   * @param serialized the {@code SerializedIdentity} bytes (MSP ID and PEM certificate)
   */
  public KnownIdentity(String label, byte[] serialized) {
    this(label, serialized, false);
  }

  private KnownIdentity(String label, byte[] bytes, boolean certificateOnly) {
    this.label = Objects.requireNonNull(label, "label");
    this.serialized = Objects.requireNonNull(bytes, "bytes").clone();
    this.certificateOnly = certificateOnly;
  }

  /**
   * A certificate without an MSP ID (a PEM file an operator points at): the update checker gives
   * it the ID of the first org MSP, of the current config and then of the proposed one, that
   * accepts it as a valid identity, or else the first that can deserialise it; one that no MSP
   * recognises is left out of the report.
   */
  public static KnownIdentity certificate(String label, byte[] pem) {
    return new KnownIdentity(label, pem, true);
  }

  /** Whether this is a bare certificate whose MSP ID the checker must find. */
  public boolean certificateOnly() {
    return certificateOnly;
  }

  /** Where the identity came from. */
  public String label() {
    return label;
  }

  /** The {@code SerializedIdentity} bytes (the PEM bytes for a {@link #certificate}). */
  public byte[] serialized() {
    return serialized.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KnownIdentity k && k.label.equals(label)
        && k.certificateOnly == certificateOnly && Arrays.equals(k.serialized, serialized);
  }

  @Override
  public int hashCode() {
    return 31 * label.hashCode() + Arrays.hashCode(serialized);
  }

  @Override
  public String toString() {
    return "KnownIdentity[" + label + "]";
  }
}
