package io.msp4j.core.policy;

import io.msp4j.core.Identity;
import java.util.List;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;

/** A signature policy compiled by {@link SignaturePolicies#compile}. */
final class CompiledSignaturePolicy implements ContextualPolicy {
  private final SignaturePolicyEnvelope envelope;
  private final RuleProgram program;
  private final IdentityDeserializer deserializer;
  private final EvaluationOptions options;
  private final String text;

  CompiledSignaturePolicy(
      SignaturePolicyEnvelope envelope, IdentityDeserializer deserializer, EvaluationOptions options) {
    this.program = RuleProgram.compile(envelope);
    this.envelope = envelope;
    this.deserializer = deserializer;
    this.options = options;
    this.text = PolicyDsl.print(envelope);
  }

  @Override
  public PolicyResult evaluate(EvaluationContext context) {
    SignerSet signers = context.signers(deserializer, options);
    RuleEvaluator evaluator = new RuleEvaluator(program, signers.kept.toArray(new Identity[0]));
    return result(evaluator, signers);
  }

  @Override
  public PolicyResult evaluateIdentities(List<Identity> identities) {
    Identity[] given = identities.toArray(new Identity[0]);
    for (int i = 0; i < given.length; i++) {
      if (given[i] == null) {
        throw new NullPointerException("identities[" + i + "]");
      }
    }
    return result(new RuleEvaluator(program, given), null);
  }

  private PolicyResult result(RuleEvaluator evaluator, SignerSet signers) {
    String rule = program.type[0] == RuleProgram.GATE ? "POLICY-SIG-04" : "POLICY-SIG-03";
    return new PolicyResult(
        evaluator.satisfied(), rule, new SignatureExplainer(text, program, evaluator, signers));
  }

  SignaturePolicyEnvelope envelope() {
    return envelope;
  }

  @Override
  public String toString() {
    return "SignaturePolicy[" + Describe.shorten(text, 200) + "]";
  }
}
