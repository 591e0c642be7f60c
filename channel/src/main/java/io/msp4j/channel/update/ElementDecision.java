package io.msp4j.channel.update;

import java.util.Objects;
import java.util.Optional;

/**
 * The validator's decision on one element of an update's delta set (CONFIGTX-UPDATE-08).
 *
 * @param ref the element
 * @param status what was decided
 * @param existing whether the element is in the current config
 * @param currentVersion the element's version in the current config (0 for a new element)
 * @param newVersion the version the update writes
 * @param modPolicy the mod_policy that authorises the change: the current element's for an
 *     existing element, empty for a new one (no policy is evaluated)
 * @param writtenModPolicy the mod_policy the update writes into the element
 * @param outcome the policy evaluation, when one was made and the policy was found
 * @param message why the element is refused, empty when it is not
 */
public record ElementDecision(
    ConfigElementRef ref, Status status, boolean existing, long currentVersion, long newVersion, String modPolicy,
    String writtenModPolicy, Optional<ModPolicyOutcome> outcome, String message) {

  /** What was decided for an element. */
  public enum Status {
    /** A new element at version 0: no policy is evaluated. */
    NEW,
    /** An existing element whose mod_policy the signatures satisfy. */
    SATISFIED,
    /** The signatures do not satisfy the current mod_policy. */
    NOT_SATISFIED,
    /** The current mod_policy resolves to no policy. */
    POLICY_NOT_FOUND,
    /** The written version is not current + 1 (or not 0 for a new element). */
    VERSION_MISMATCH,
    /** The written mod_policy is empty or malformed. */
    MOD_POLICY_INVALID;

    /** Whether this status lets the update through. */
    public boolean allows() {
      return this == NEW || this == SATISFIED;
    }
  }

  /** Checks the parts. */
  public ElementDecision {
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(modPolicy, "modPolicy");
    Objects.requireNonNull(writtenModPolicy, "writtenModPolicy");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(message, "message");
  }
}
