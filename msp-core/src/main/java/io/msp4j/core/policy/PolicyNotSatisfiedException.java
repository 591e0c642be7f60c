package io.msp4j.core.policy;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import java.util.Objects;

/**
 * A policy was not satisfied ({@link PolicyResult#check()}). The reason is {@link
 * Reason#POLICY_NOT_SATISFIED}, the rule the one that decided (such as {@code POLICY-SIG-04} for a
 * signature policy, {@code POLICY-IMETA-02} for an implicit-meta policy), the message the result's
 * one-line reason; {@link #result()} holds the whole explanation.
 */
public final class PolicyNotSatisfiedException extends MspException {
  private static final long serialVersionUID = 1L;

  private final transient PolicyResult result;

  PolicyNotSatisfiedException(PolicyResult result) {
    super(Reason.POLICY_NOT_SATISFIED, result.rule(), result.reason());
    this.result = Objects.requireNonNull(result, "result");
  }

  /** The result that was not satisfied, with its explanation. */
  public PolicyResult result() {
    return result;
  }
}
