package io.msp4j.core.policy;

/** A policy of this package, which can share an evaluation's work with other policies. */
interface ContextualPolicy extends Policy {
  PolicyResult evaluate(EvaluationContext context);

  @Override
  default PolicyResult evaluate(java.util.List<SignedData> signedData) {
    return evaluate(new EvaluationContext(signedData));
  }
}
