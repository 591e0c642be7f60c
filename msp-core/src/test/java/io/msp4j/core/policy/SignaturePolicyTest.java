package io.msp4j.core.policy;

import static io.msp4j.core.policy.PolicyDslTest.envelope;
import static io.msp4j.core.policy.PolicyDslTest.member;
import static io.msp4j.core.policy.PolicyDslTest.outOf;
import static io.msp4j.core.policy.PolicyDslTest.signedBy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import io.msp4j.core.Principal.RoleType;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.PolicyFakes.FakeIdentity;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class SignaturePolicyTest {
  private final PolicyFakes world = new PolicyFakes();
  private final FakeIdentity a = world.add("A", "a");
  private final FakeIdentity a2 = world.add("A", "a2");
  private final FakeIdentity aAdmin = world.add("A", "a-admin", RoleType.ADMIN);
  private final FakeIdentity b = world.add("B", "b");
  private final FakeIdentity c = world.add("C", "c");

  private Policy policy(String dsl) {
    return SignaturePolicies.compile(PolicyDsl.compile(dsl), world);
  }

  private PolicyResult evaluate(String dsl, SignedData... signatures) {
    return policy(dsl).evaluate(List.of(signatures));
  }

  private static MspException invalid(SignaturePolicyEnvelope env) {
    MspException e = assertThrows(MspException.class, () -> SignaturePolicies.compile(env, bytes -> null));
    assertThat(e.reason()).isEqualTo(Reason.POLICY_INVALID);
    assertThat(e.rule()).isEqualTo("POLICY-SIG-01");
    return e;
  }

  @Test
  @Tag("POLICY-SIG-01")
  void envelopesOtherThanVersionZeroAreRefused() {
    assertThat(invalid(PolicyDsl.compile("OR('A.member')").toBuilder().setVersion(1).build()).getMessage())
        .contains("version 1");
  }

  @Test
  @Tag("POLICY-SIG-01")
  void anEnvelopeWithoutARuleIsRefused() {
    assertThat(invalid(SignaturePolicyEnvelope.newBuilder().addIdentities(member("A")).build()).getMessage())
        .contains("no rule");
  }

  @Test
  @Tag("POLICY-SIG-01")
  void aRuleWithNeitherCaseIsRefusedAtAnyDepth() {
    SignaturePolicyEnvelope env =
        envelope(outOf(1, signedBy(0), outOf(1, SignaturePolicy.getDefaultInstance())), member("A"));
    assertThat(invalid(env).getMessage()).contains("rule.n_out_of.rules[1].n_out_of.rules[0] is neither");
  }

  @Test
  @Tag("POLICY-SIG-01")
  void signedByIndicesMustNameAnIdentity() {
    assertThat(invalid(envelope(outOf(1, signedBy(0), signedBy(1)), member("A"))).getMessage())
        .contains("rule.n_out_of.rules[1] is signed_by 1 but the envelope has 1 identity");
    invalid(envelope(signedBy(-1), member("A")));
    invalid(envelope(signedBy(0)));
    // A gate without rules and identities without rules are fine.
    assertThat(SignaturePolicies.compile(envelope(outOf(0)), world).evaluate(List.of()).satisfied()).isTrue();
    assertThat(SignaturePolicies.compile(envelope(outOf(1)), world).evaluate(List.of()).satisfied()).isFalse();
  }

  @Test
  @Tag("POLICY-SIG-02")
  void signersThatDoNotDeserialiseAreDropped() {
    PolicyResult r = evaluate("OR('A.member')", PolicyFakes.unknown("A", "nobody"), world.signed(a, "tx"));
    assertThat(r.satisfied()).isTrue();
    Map<String, Object> dropped = signature(r, 0);
    assertThat(dropped).containsEntry("outcome", "undeserializable").containsEntry("reason", "UNKNOWN_MSP")
        .containsEntry("rule", "MGR-03");
    assertThat(evaluate("OR('A.member')", PolicyFakes.unknown("A", "nobody")).satisfied()).isFalse();
  }

  @Test
  @Tag("POLICY-SIG-02")
  void aRepeatedSignerIsDroppedBeforeItsSignatureIsVerified() {
    PolicyResult r = evaluate("AND('A.member','A.member')", world.signed(a, "tx"), world.signed(a, "tx"));
    assertThat(r.satisfied()).isFalse();
    assertThat(world.verified).containsExactly("a");
    assertThat(signature(r, 1)).containsEntry("outcome", "duplicate").containsEntry("duplicate_of", 0);
    // Even a bad signature is not looked at once the signer counted.
    world.verified.clear();
    evaluate("OR('A.member')", world.signed(a, "tx"), world.badlySigned(a, "tx"));
    assertThat(world.verified).containsExactly("a");
  }

  @Test
  @Tag("POLICY-SIG-02")
  void aFailedSignatureDoesNotStopALaterGoodOneBySameSigner() {
    PolicyResult r = evaluate("OR('A.member')", world.badlySigned(a, "tx"), world.signed(a, "tx"));
    assertThat(r.satisfied()).isTrue();
    assertThat(world.verified).containsExactly("a", "a");
    assertThat(signature(r, 0)).containsEntry("outcome", "signature-invalid").containsEntry("reason", "SIGNATURE_INVALID");
    assertThat(signature(r, 1)).containsEntry("outcome", "kept").containsEntry("signer", 0);
  }

  @Test
  @Tag("POLICY-SIG-02")
  void theDuplicateKeyJoinsMspIdAndIdWithoutASeparator() {
    PolicyFakes w = new PolicyFakes();
    FakeIdentity x = w.add("AB", "x", "c0ffee", true);
    FakeIdentity y = w.add("A", "y", "Bc0ffee", true);
    Policy p = SignaturePolicies.compile(PolicyDsl.compile("AND('AB.member','A.member')"), w);
    PolicyResult r = p.evaluate(List.of(w.signed(x, "tx"), w.signed(y, "tx")));
    assertThat(r.satisfied()).isFalse();
    assertThat(signature(r, 1)).containsEntry("outcome", "duplicate");
    assertThat(p.evaluate(List.of(w.signed(y, "tx"), w.signed(x, "tx"))).satisfied()).isFalse();
  }

  @Test
  @Tag("POLICY-SIG-03")
  void signedByConsumesTheFirstUnusedSatisfyingSigner() {
    PolicyResult r = evaluate("AND('A.member','A.member')", world.signed(b, "tx"), world.signed(a, "tx"), world.signed(a2, "tx"));
    assertThat(r.satisfied()).isTrue();
    List<Map<String, Object>> rules = rules(r);
    assertThat(rules.get(0)).containsEntry("consumed", 1);
    assertThat(rules.get(1)).containsEntry("consumed", 2).containsEntry("skipped_used", List.of(1));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> tried = (List<Map<String, Object>>) rules.get(1).get("tried");
    assertThat(tried).extracting(m -> m.get("signer")).containsExactly(0, 2);
    assertThat(tried.get(0)).containsEntry("satisfied", false).containsEntry("reason", "MSP_ID_MISMATCH");
  }

  @Test
  @Tag("POLICY-SIG-03")
  void principalsAreAskedOfTheSignersOwnMspAndNeedNoSeparateValidation() {
    PolicyFakes w = new PolicyFakes();
    FakeIdentity invalid = w.add("A", "stale", "stale", false);
    Policy p = SignaturePolicies.compile(PolicyDsl.compile("OR('A.member')"), w);
    PolicyResult r = p.evaluate(List.of(w.signed(invalid, "tx")));
    assertThat(r.satisfied()).isFalse();
    // The invalid signer was kept (its signature verifies); the principal check refused it.
    assertThat(signature(r, 0)).containsEntry("outcome", "kept");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> tried = (List<Map<String, Object>>) rules(r).get(0).get("tried");
    assertThat(tried.get(0)).containsEntry("reason", "NO_CHAIN").containsEntry("rule", "VALIDATE-01");
  }

  @Test
  @Tag("POLICY-SIG-04")
  void everyRuleOfAGateIsEvaluatedEvenOnceItIsSatisfied() {
    // OR's second rule still consumes a2, leaving nobody for the outer 'A.member'.
    assertThat(evaluate("AND(OR('A.member','A.member'),'A.member')", world.signed(a, "tx"), world.signed(a2, "tx"))
            .satisfied())
        .isFalse();
    assertThat(evaluate("AND(OR('A.member'),'A.member')", world.signed(a, "tx"), world.signed(a2, "tx")).satisfied())
        .isTrue();
  }

  @Test
  @Tag("POLICY-SIG-04")
  void aFailedRuleGivesBackWhatItConsumed() {
    // The AND takes a for 'A.member', then fails on 'C.member': a is free again for the last rule.
    PolicyResult r = evaluate("OutOf(1, AND('A.member','C.member'), 'A.member')", world.signed(a, "tx"));
    assertThat(r.satisfied()).isTrue();
    assertThat(rules(r).get(1)).containsEntry("consumed", 0);
    // A satisfied nested gate keeps its consumptions for the enclosing gate.
    assertThat(evaluate("AND(OR('A.member'),'A.member')", world.signed(a, "tx")).satisfied()).isFalse();
  }

  @Test
  @Tag("POLICY-SIG-04")
  void countsAtOrBelowZeroAreAlwaysSatisfiedAndAboveTheRulesNever() {
    assertThat(evaluate("OutOf(0, 'A.member', 'B.member')").satisfied()).isTrue();
    assertThat(SignaturePolicies.compile(envelope(outOf(-5, signedBy(0)), member("Z")), world)
            .evaluate(List.of()).satisfied())
        .isTrue();
    assertThat(evaluate("OutOf(3, 'A.member', 'B.member')", world.signed(a, "tx"), world.signed(b, "tx")).satisfied())
        .isFalse();
  }

  @Test
  @Tag("POLICY-SIG-05")
  void greedyConsumptionFailsWhereAMatchingWouldSucceed() {
    PolicyResult r = evaluate("AND(OR('A.member','B.member'),'B.member')", world.signed(a, "tx"), world.signed(b, "tx"));
    assertThat(r.satisfied()).isFalse();
    assertThat(r.reason()).contains("1 of its 2 rules satisfied, 2 needed").contains("no unused signer satisfies 'B.member'");
    assertThat(rules(r).get(1).get("skipped_used")).isEqualTo(List.of(0, 1));
  }

  @Test
  @Tag("POLICY-SIG-05")
  void anAdminSigningFirstIsTakenAsTheMember() {
    String dsl = "AND('A.member','A.admin')";
    assertThat(evaluate(dsl, world.signed(aAdmin, "tx"), world.signed(a, "tx")).satisfied()).isFalse();
    assertThat(evaluate(dsl, world.signed(a, "tx"), world.signed(aAdmin, "tx")).satisfied()).isTrue();
  }

  @Test
  @Tag("POLICY-SIG-06")
  void bareIdentitiesAreNotDeduplicated() {
    Policy p = policy("AND('A.member','A.member')");
    assertThat(p.evaluateIdentities(List.<Identity>of(a, a)).satisfied()).isTrue();
    assertThat(p.evaluate(List.of(world.signed(a, "tx"), world.signed(a, "tx"))).satisfied()).isFalse();
    assertThat(p.evaluateIdentities(List.<Identity>of(a)).satisfied()).isFalse();
    assertThat(world.verified).hasSize(1);
    assertThat(p.evaluateIdentities(List.of(a, a)).explanation().children().get(0).kind()).isEqualTo("identities");
  }

  @Test
  @Tag("POLICY-SIG-04")
  void checkThrowsWithTheRuleAndTheReason() {
    PolicyResult r = evaluate("AND('A.member','B.member')", world.signed(a, "tx"), world.badlySigned(b, "tx"));
    PolicyNotSatisfiedException e = assertThrows(PolicyNotSatisfiedException.class, r::check);
    assertThat(e.reason()).isEqualTo(Reason.POLICY_NOT_SATISFIED);
    assertThat(e.rule()).isEqualTo("POLICY-SIG-04");
    assertThat(e.result()).isSameAs(r);
    assertThat(e.detail()).isEqualTo(r.reason())
        .isEqualTo("signature policy AND('A.member', 'B.member') is not satisfied: 1 of its 2 rules satisfied, 2 needed; "
            + "no unused signer satisfies 'B.member' (signatures: 2 given, 1 kept, 1 with an invalid signature)");
    evaluate("OR('A.member')", world.signed(a, "tx")).check();
    assertThat(assertThrows(PolicyNotSatisfiedException.class, () -> evaluate("OR('B.member')").check())
            .rule())
        .isEqualTo("POLICY-SIG-04");
    SignaturePolicyEnvelope single = envelope(signedBy(0), member("B"));
    assertThat(SignaturePolicies.compile(single, world).evaluate(List.of()).rule()).isEqualTo("POLICY-SIG-03");
  }

  @Test
  @Tag("POLICY-SIG-03")
  void theExplanationSaysWhoWasTriedAndWhy() {
    PolicyResult r = evaluate("AND('A.admin', OR('B.member', 'C.member'))",
        world.signed(a, "tx"), PolicyFakes.unknown("Z", "z"), world.signed(c, "tx"), world.signed(c, "tx"));
    String text = r.explanation().toText();
    assertThat(text).contains("[no] 'A.admin' not satisfied: signer 0 (signature 0, A \"CN=a\"): a lacks role ADMIN [PRINCIPAL-ROLE-02]");
    assertThat(text).contains("[ok] 'C.member' satisfied by signer 1 (signature 2, C \"CN=c\"), which it consumes");
    assertThat(text).contains("signature 3 dropped: C \"CN=c\" already signed as signature 2");
    assertThat(text).contains("signature 1 dropped: the identity cannot be deserialised: no identity Z/z [MGR-03]");
    Map<String, Object> map = r.explanation().toMap();
    assertThat(map).containsEntry("kind", "signature-policy").containsEntry("satisfied", false)
        .containsEntry("policy", "AND('A.admin', OR('B.member', 'C.member'))");
    assertThat(map.get("children")).asList().hasSize(2);
  }

  @Test
  @Tag("POLICY-SIG-03")
  void explanationsAreValuesAndTheirMapsAreTheCallersCopies() {
    PolicyResult r = evaluate("AND('A.member','B.member')", world.signed(a, "tx"));
    Explanation e = r.explanation();
    assertThat(r.explanation()).isSameAs(e);
    Map<String, Object> map = e.toMap();
    map.put("kind", "changed");
    @SuppressWarnings("unchecked")
    List<Object> children = (List<Object>) map.get("children");
    children.clear();
    assertThat(e.toMap()).isEqualTo(r.explanation().toMap()).containsEntry("kind", "signature-policy");
    assertThat(e.toMap().get("children")).asList().hasSize(2);
    Explanation signedBy = e.children().get(1).children().get(0);
    assertThrows(UnsupportedOperationException.class, () -> signedBy.details().put("x", 1));
    assertThrows(UnsupportedOperationException.class,
        () -> ((List<?>) signedBy.details().get("tried")).clear());
    PolicyResult again = evaluate("AND('A.member','B.member')", world.signed(a, "tx"));
    assertThat(again.explanation()).isEqualTo(e).hasSameHashCodeAs(e);
  }

  /** The explanation of signature {@code i}, as a map. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> signature(PolicyResult r, int i) {
    Map<String, Object> signatures = (Map<String, Object>) ((List<Object>) r.explanation().toMap().get("children")).get(0);
    return (Map<String, Object>) ((List<Object>) signatures.get("children")).get(i);
  }

  /** The explanations of the root gate's rules, as maps. */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> rules(PolicyResult r) {
    Map<String, Object> root = (Map<String, Object>) ((List<Object>) r.explanation().toMap().get("children")).get(1);
    return (List<Map<String, Object>>) root.getOrDefault("children", List.of());
  }
}
