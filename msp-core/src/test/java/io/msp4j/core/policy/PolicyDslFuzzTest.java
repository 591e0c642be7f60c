package io.msp4j.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.fuzz.ShortRun;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Policy bytes and implicit-meta text from strangers (with {@link PolicyFuzzTest}, which fuzzes
 * the language itself): any envelope prints without failing, and when its text compiles it means
 * the same policy (the same gates and counts, the same principal at each leaf); compiling an
 * envelope fails only with our exception; implicit-meta text reads back to itself. The short run
 * here also covers {@link PolicyFuzzTest}'s targets.
 */
class PolicyDslFuzzTest {

  @FuzzTest(maxDuration = "12h")
  void anyEnvelopePrintsAndItsTextMeansTheSamePolicy(byte[] envelopeBytes) {
    SignaturePolicyEnvelope env;
    try {
      env = SignaturePolicyEnvelope.parseFrom(envelopeBytes);
    } catch (InvalidProtocolBufferException e) {
      return;
    }
    String printed = PolicyDsl.print(env);
    assertThat(printed).isNotNull();
    try {
      SignaturePolicies.compile(env, bytes -> {
        throw new AssertionError("nothing is evaluated here");
      });
    } catch (MspException e) {
      assertThat(e.reason()).isIn(Reason.POLICY_INVALID, Reason.LIMIT_EXCEEDED);
      assertThat(e.rule()).isNotBlank();
    }
    SignaturePolicyEnvelope compiled;
    try {
      compiled = PolicyDsl.compile(printed);
    } catch (PolicyDslException notCompilable) {
      return; // the text shows something the language cannot say (documented in PolicyDsl.print)
    }
    assertThat(canonical(compiled)).isEqualTo(canonical(env));
  }

  @FuzzTest(maxDuration = "12h")
  void implicitMetaTextReadsBackToItself(byte[] utf8) {
    String text = new String(utf8, StandardCharsets.UTF_8);
    try {
      assertThat(ImplicitMetaPolicies.format(ImplicitMetaPolicies.parse(text))).isEqualTo(text);
    } catch (MspException e) {
      assertThat(e.reason()).isEqualTo(Reason.IMPLICIT_META_INVALID);
      assertThat(e.rule()).isEqualTo("POLICY-IMETA-01");
    }
  }

  /**
   * The meaning of a policy as text: gates with their counts, leaves with the role principal
   * they name (decoded, so that encodings of one principal agree), anything else by its bytes.
   * Iterative, so any depth is fine.
   */
  static String canonical(SignaturePolicyEnvelope env) {
    StringBuilder out = new StringBuilder();
    Deque<Object> stack = new ArrayDeque<>();
    stack.push(env.getRule());
    while (!stack.isEmpty()) {
      Object top = stack.pop();
      if (top instanceof String s) {
        out.append(s);
        continue;
      }
      SignaturePolicy rule = (SignaturePolicy) top;
      switch (rule.getTypeCase()) {
        case SIGNED_BY -> out.append(leaf(env, rule.getSignedBy()));
        case N_OUT_OF -> {
          out.append("OutOf(").append(rule.getNOutOf().getN());
          stack.push(")");
          for (int i = rule.getNOutOf().getRulesCount() - 1; i >= 0; i--) {
            stack.push(rule.getNOutOf().getRules(i));
            stack.push(",");
          }
        }
        default -> out.append("<unset>");
      }
    }
    return out.toString();
  }

  private static String leaf(SignaturePolicyEnvelope env, int index) {
    if (index < 0 || index >= env.getIdentitiesCount()) {
      return "<index " + index + ">";
    }
    MSPPrincipal p = env.getIdentities(index);
    if (p.getPrincipalClassification() == MSPPrincipal.Classification.ROLE) {
      try {
        MSPRole role = MSPRole.parseFrom(p.getPrincipal());
        return "'" + role.getMspIdentifier() + "." + role.getRoleValue() + "'";
      } catch (InvalidProtocolBufferException e) {
        return "<bad role>";
      }
    }
    return "<" + p.getPrincipalClassificationValue() + ":" + p.getPrincipal().toStringUtf8() + ">";
  }

  @Test
  @Tag("POLICY-DSL-04")
  @Tag("POLICY-DSL-07")
  @Tag("POLICY-IMETA-01")
  void shortRunOfEveryTarget() {
    PolicyFuzzTest dsl = new PolicyFuzzTest();
    assertThat(ShortRun.run(PolicyFuzzTest.class, "theLanguageFailsOnlyWithPolicyDslExceptionAndPrintsBackWhatItCompiles",
        1000, dsl::theLanguageFailsOnlyWithPolicyDslExceptionAndPrintsBackWhatItCompiles)).isGreaterThan(1000);
    assertThat(ShortRun.run(PolicyFuzzTest.class, "anyEnvelopeCompilesOrFailsAsInvalidAndEvaluatesWithAnExplanation",
        1000, dsl::anyEnvelopeCompilesOrFailsAsInvalidAndEvaluatesWithAnExplanation)).isGreaterThan(1000);
    assertThat(ShortRun.run(getClass(), "anyEnvelopePrintsAndItsTextMeansTheSamePolicy", 1000,
        this::anyEnvelopePrintsAndItsTextMeansTheSamePolicy)).isGreaterThan(1000);
    assertThat(ShortRun.run(getClass(), "implicitMetaTextReadsBackToItself", 1000,
        this::implicitMetaTextReadsBackToItself)).isGreaterThan(1000);
  }
}
