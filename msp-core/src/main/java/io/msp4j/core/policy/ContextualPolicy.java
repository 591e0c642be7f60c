package io.msp4j.core.policy;

import io.msp4j.core.InputLimits;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A policy of this package, which can share an evaluation's work with other policies. */
interface ContextualPolicy extends Policy {
  PolicyResult evaluate(EvaluationContext context);

  /**
   * Evaluates over signatures; more than {@link InputLimits#MAX_SIGNATURES_PER_EVALUATION} of
   * them are not looked at and the policy is not satisfied (LIMIT-08).
   */
  @Override
  default PolicyResult evaluate(List<SignedData> signedData) {
    if (signedData.size() > InputLimits.MAX_SIGNATURES_PER_EVALUATION) {
      return tooManySignatures(signedData.size());
    }
    return evaluate(new EvaluationContext(signedData));
  }

  private static PolicyResult tooManySignatures(int count) {
    String reason = InputLimits.describe("the number of signatures to evaluate", count,
        InputLimits.MAX_SIGNATURES_PER_EVALUATION) + "; none was looked at and the policy is not satisfied";
    return new PolicyResult(false, "LIMIT-08", new PolicyResult.Detail() {
      @Override
      public String reason() {
        return reason;
      }

      @Override
      public Explanation explanation() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("signatures", count);
        d.put("limit", InputLimits.MAX_SIGNATURES_PER_EVALUATION);
        return new Explanation("limit-exceeded", false, reason, d, List.of());
      }
    });
  }
}
