package io.msp4j.core.policy;

import io.msp4j.core.FabricRelease;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.InputLimits;
import io.msp4j.core.MspException;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The bounds on policies from strangers (LIMIT-06, LIMIT-07, LIMIT-08 in docs/security.md). */
class PolicyLimitsTest {
  private final PolicyFakes world = new PolicyFakes();

  @Test
  @Tag("LIMIT-07")
  void aDslExpressionNamingTooManyPrincipalsIsRefusedWhereTheExcessBegins() {
    // v3.0.0: Fabric's own engine there has no bound (v3.1.5's is tighter, REL-DSL-01).
    int limit = InputLimits.MAX_POLICY_PRINCIPALS;
    String at = "OR(" + String.join(",", Collections.nCopies(limit, "'A.member'")) + ")";
    assertThat(PolicyDsl.compile(at, FabricRelease.V3_0_0).getIdentitiesCount()).isEqualTo(limit);
    String over = "OR(" + String.join(",", Collections.nCopies(limit + 1, "'A.member'")) + ")";
    PolicyDslException e = assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(over, FabricRelease.V3_0_0));
    assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-07");
    assertThat(e.offset()).isEqualTo(3 + limit * "'A.member',".length());
  }

  @Test
  @Tag("LIMIT-07")
  void anEnvelopeWithTooManyPrincipalsOrRulesDoesNotCompile() {
    SignaturePolicyEnvelope.Builder many = SignaturePolicyEnvelope.newBuilder()
        .setRule(SignaturePolicy.newBuilder().setSignedBy(0));
    for (int i = 0; i <= InputLimits.MAX_POLICY_PRINCIPALS; i++) {
      many.addIdentities(Principal.Role.member("A").toProto());
    }
    MspException e = assertThrows(MspException.class, () -> SignaturePolicies.compile(many.build(), world));
    assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-07");
    assertThat(e.detail()).contains("principals").contains(String.valueOf(InputLimits.MAX_POLICY_PRINCIPALS));

    SignaturePolicy.NOutOf.Builder wide = SignaturePolicy.NOutOf.newBuilder().setN(1);
    for (int i = 0; i < InputLimits.MAX_POLICY_RULES; i++) {
      wide.addRules(SignaturePolicy.newBuilder().setSignedBy(0));
    }
    SignaturePolicyEnvelope rules = SignaturePolicyEnvelope.newBuilder()
        .addIdentities(Principal.Role.member("A").toProto())
        .setRule(SignaturePolicy.newBuilder().setNOutOf(wide)).build();
    MspException r = assertThrows(MspException.class, () -> SignaturePolicies.compile(rules, world));
    assertThat(r.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(r.rule()).isEqualTo("LIMIT-07");
    assertThat(r.detail()).contains("rules");
  }

  @Test
  @Tag("LIMIT-08")
  void tooManySignaturesAreNotLookedAtAndTheResultSaysWhy() {
    PolicyFakes.FakeIdentity a = world.add("A", "a", Principal.RoleType.PEER);
    Policy p = SignaturePolicies.compile(PolicyDsl.compile("OR('A.member')"), world);
    List<SignedData> signatures = new ArrayList<>(Collections.nCopies(InputLimits.MAX_SIGNATURES_PER_EVALUATION, world.signed(a, "x")));
    assertThat(p.evaluate(signatures).satisfied()).isTrue();
    signatures.add(world.signed(a, "x"));
    int before = world.deserialized.size();
    PolicyResult r = p.evaluate(signatures);
    assertThat(r.satisfied()).isFalse();
    assertThat(r.rule()).isEqualTo("LIMIT-08");
    assertThat(r.reason()).contains("number of signatures").contains(String.valueOf(InputLimits.MAX_SIGNATURES_PER_EVALUATION));
    assertThat(r.explanation().kind()).isEqualTo("limit-exceeded");
    assertThat(world.deserialized).hasSize(before);
    PolicyNotSatisfiedException e = assertThrows(PolicyNotSatisfiedException.class, r::check);
    assertThat(e.rule()).isEqualTo("LIMIT-08");

    Policy meta = ImplicitMetaPolicies.compile(ImplicitMetaPolicies.parse("ANY Readers"), List.of(p));
    assertThat(meta.evaluate(signatures).rule()).isEqualTo("LIMIT-08");
  }
}
