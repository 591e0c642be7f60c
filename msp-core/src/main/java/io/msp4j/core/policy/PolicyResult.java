package io.msp4j.core.policy;

import java.util.Objects;

/**
 * The verdict of a policy evaluation, and why. The reason and the explanation are worked out when
 * first asked for (from what the evaluation recorded, without evaluating again), so a satisfied
 * evaluation that nobody inspects costs nothing more.
 *
 * <pre>{@code
 * PolicyResult r = policy.evaluate(signatures);
 * if (!r.satisfied()) {
 *   log.warn("{}", r.reason());                // one line
 *   String text = r.explanation().toText();    // the tree: signers tried, consumed, dropped
 * }
 * r.check();                                   // or throw PolicyNotSatisfiedException
 * }</pre>
 */
public final class PolicyResult {
  /** What a policy implementation records so that the reason and explanation can be given later. */
  interface Detail {
    String reason();

    Explanation explanation();
  }

  private final boolean satisfied;
  private final String rule;
  private final Detail detail;
  private volatile String reason;
  private volatile Explanation explanation;

  PolicyResult(boolean satisfied, String rule, Detail detail) {
    this.satisfied = satisfied;
    this.rule = Objects.requireNonNull(rule, "rule");
    this.detail = Objects.requireNonNull(detail, "detail");
  }

  /** Whether the policy is satisfied. */
  public boolean satisfied() {
    return satisfied;
  }

  /**
   * The spec rule that decided, such as {@code POLICY-SIG-04} (a signature policy's gate), {@code
   * POLICY-SIG-03} (its single principal), {@code POLICY-IMETA-02} (an implicit-meta threshold) or
   * {@code POLICY-MGR-02} (a missing policy).
   */
  public String rule() {
    return rule;
  }

  /** One line saying why the policy is or is not satisfied. */
  public String reason() {
    String r = reason;
    if (r == null) {
      synchronized (this) {
        r = reason;
        if (r == null) {
          r = detail.reason();
          reason = r;
        }
      }
    }
    return r;
  }

  /** The explanation tree. */
  public Explanation explanation() {
    Explanation e = explanation;
    if (e == null) {
      synchronized (this) {
        e = explanation;
        if (e == null) {
          e = detail.explanation();
          explanation = e;
        }
      }
    }
    return e;
  }

  /**
   * Returns normally when the policy is satisfied.
   *
   * @throws PolicyNotSatisfiedException carrying this result, its rule and its reason
   */
  public void check() {
    if (!satisfied) {
      throw new PolicyNotSatisfiedException(this);
    }
  }

  @Override
  public String toString() {
    return (satisfied ? "satisfied: " : "not satisfied: ") + reason() + " [" + rule + "]";
  }
}
