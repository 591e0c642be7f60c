package io.msp4j.core.policy;

import java.util.List;

/** A policy of this package, which can share an evaluation's work with other policies. */
interface ContextualPolicy extends Policy {
  PolicyResult evaluate(EvaluationContext context);

  @Override
  default PolicyResult evaluate(List<SignedData> signedData) {
    return evaluate(new EvaluationContext(signedData));
  }
}
