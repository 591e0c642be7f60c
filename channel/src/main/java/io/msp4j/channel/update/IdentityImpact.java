package io.msp4j.channel.update;

import java.util.Objects;

/**
 * How an update changes one known identity's standing.
 *
 * @param label where the identity came from
 * @param mspId the MSP the identity names
 * @param subject the certificate subject, or empty when the identity does not decode
 * @param before its standing under the current config
 * @param after its standing under the proposed config
 */
public record IdentityImpact(
    String label, String mspId, String subject, IdentityStanding before, IdentityStanding after) {

  /** Checks the parts. */
  public IdentityImpact {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(mspId, "mspId");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(after, "after");
  }

  /** Whether validity or roles differ. */
  public boolean changed() {
    return before.valid() != after.valid() || !before.roles().equals(after.roles());
  }

  @Override
  public String toString() {
    return label + " (" + mspId + (subject.isEmpty() ? "" : ", " + subject) + "): " + before
        + " -> " + after;
  }
}
