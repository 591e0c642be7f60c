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

  /**
   * @param label where the identity came from, for the report (a file name, "signature 0")
   * @param serialized the {@code SerializedIdentity} bytes (MSP ID and PEM certificate)
   */
  public KnownIdentity(String label, byte[] serialized) {
    this.label = Objects.requireNonNull(label, "label");
    this.serialized = Objects.requireNonNull(serialized, "serialized").clone();
  }

  /** Where the identity came from. */
  public String label() {
    return label;
  }

  /** The {@code SerializedIdentity} bytes. */
  public byte[] serialized() {
    return serialized.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KnownIdentity k && k.label.equals(label)
        && Arrays.equals(k.serialized, serialized);
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
