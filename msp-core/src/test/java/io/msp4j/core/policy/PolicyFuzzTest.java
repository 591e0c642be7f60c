package io.msp4j.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import io.msp4j.core.Principal.RoleType;
import io.msp4j.core.Reason;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;

/**
 * Bad input never crashes the policy language or evaluation. In a normal test run these replay
 * the seed inputs under {@code src/test/resources/io/msp4j/core/policy/PolicyFuzzTestInputs/};
 * with {@code JAZZER_FUZZ=1} they fuzz.
 */
class PolicyFuzzTest {
  private static final PolicyFakes WORLD = new PolicyFakes();
  private static final List<Identity> SIGNERS = List.of(
      WORLD.add("A", "a", RoleType.ADMIN), WORLD.add("B", "b", RoleType.PEER), WORLD.add("A", "a2"));

  @FuzzTest(maxDuration = "12h")
  void theLanguageFailsOnlyWithPolicyDslExceptionAndPrintsBackWhatItCompiles(byte[] data) {
    String text = new String(data, StandardCharsets.UTF_8);
    SignaturePolicyEnvelope env;
    try {
      env = PolicyDsl.compile(text);
    } catch (PolicyDslException e) {
      assertThat(e.reason()).isIn(Reason.POLICY_DSL_SYNTAX, Reason.POLICY_DSL_PRINCIPAL,
          Reason.POLICY_DSL_COUNT, Reason.LIMIT_EXCEEDED);
      assertThat(e.rule()).matches("POLICY-DSL-0[1-7]|LIMIT-0[67]|REL-DSL-01");
      assertThat(e.offset()).isBetween(0, text.length());
      assertThat(e.caretDisplay()).contains("^");
      return;
    }
    assertThat(PolicyDsl.compile(PolicyDsl.print(env))).isEqualTo(env);
  }

  @FuzzTest(maxDuration = "12h")
  void anyEnvelopeCompilesOrFailsAsInvalidAndEvaluatesWithAnExplanation(byte[] data) {
    SignaturePolicyEnvelope env;
    try {
      env = SignaturePolicyEnvelope.parseFrom(data);
    } catch (InvalidProtocolBufferException e) {
      return;
    }
    assertThat(PolicyDsl.print(env)).isNotNull();
    Policy p;
    try {
      p = SignaturePolicies.compile(env, WORLD);
    } catch (MspException e) {
      assertThat(e.reason()).isIn(Reason.POLICY_INVALID, Reason.LIMIT_EXCEEDED);
      return;
    }
    PolicyResult r = p.evaluateIdentities(SIGNERS);
    assertThat(r.reason()).isNotBlank();
    assertThat(r.explanation().toMap()).containsKey("kind");
  }
}
