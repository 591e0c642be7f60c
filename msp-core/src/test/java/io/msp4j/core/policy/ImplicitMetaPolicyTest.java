package io.msp4j.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.PolicyFakes.FakeIdentity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ImplicitMetaPolicyTest {
  private final PolicyFakes world = new PolicyFakes();
  private final FakeIdentity a = world.add("A", "a");
  private final FakeIdentity b = world.add("B", "b");
  private final FakeIdentity c = world.add("C", "c");

  private Policy member(String msp) {
    return SignaturePolicies.compile(PolicyDsl.compile("OR('" + msp + ".member')"), world);
  }

  /** A child that counts how often it is evaluated and answers as told. */
  private static final class Counting implements Policy {
    final boolean answer;
    int calls;

    Counting(boolean answer) {
      this.answer = answer;
    }

    private PolicyResult result() {
      calls++;
      return SignaturePolicies.compile(PolicyDsl.compile(answer ? "OutOf(0,'X.member')" : "OutOf(2,'X.member')"),
          bytes -> null).evaluateIdentities(List.of());
    }

    @Override
    public PolicyResult evaluate(List<SignedData> signedData) {
      return result();
    }

    @Override
    public PolicyResult evaluateIdentities(List<Identity> identities) {
      return result();
    }
  }

  @Test
  @Tag("POLICY-IMETA-01")
  void textFormIsARuleAndASubPolicyNameSeparatedByOneSpace() {
    assertThat(ImplicitMetaPolicies.parse("MAJORITY Admins"))
        .isEqualTo(ImplicitMetaPolicy.newBuilder().setRule(ImplicitMetaPolicy.Rule.MAJORITY).setSubPolicy("Admins").build());
    assertThat(ImplicitMetaPolicies.parse("ANY Readers").getRule()).isEqualTo(ImplicitMetaPolicy.Rule.ANY);
    assertThat(ImplicitMetaPolicies.parse("ALL Writers").getRule()).isEqualTo(ImplicitMetaPolicy.Rule.ALL);
    // Splitting at single spaces: "ANY " is the rule ANY over the empty sub-policy name.
    assertThat(ImplicitMetaPolicies.parse("ANY ").getSubPolicy()).isEmpty();
    assertThat(ImplicitMetaPolicies.format(ImplicitMetaPolicies.parse("ALL a\tb"))).isEqualTo("ALL a\tb");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "ANY", "ANY  Readers", "ANY Readers ", " ANY Readers", "any Readers", "Majority Admins",
      "MAJORITY Org1 Admins", "NONE Readers", " Readers", "ANY\tReaders"})
  @Tag("POLICY-IMETA-01")
  void otherTextIsRefused(String text) {
    MspException e = assertThrows(MspException.class, () -> ImplicitMetaPolicies.parse(text));
    assertThat(e.reason()).isEqualTo(Reason.IMPLICIT_META_INVALID);
    assertThat(e.rule()).isEqualTo("POLICY-IMETA-01");
  }

  @Test
  @Tag("POLICY-IMETA-02")
  void thresholdsAreOneAllAndMoreThanHalf() {
    int any = ImplicitMetaPolicy.Rule.ANY_VALUE;
    int all = ImplicitMetaPolicy.Rule.ALL_VALUE;
    int majority = ImplicitMetaPolicy.Rule.MAJORITY_VALUE;
    assertThat(List.of(ImplicitMetaPolicies.threshold(any, 5), ImplicitMetaPolicies.threshold(all, 5),
        ImplicitMetaPolicies.threshold(majority, 5), ImplicitMetaPolicies.threshold(majority, 4),
        ImplicitMetaPolicies.threshold(majority, 1), ImplicitMetaPolicies.threshold(majority, 0),
        ImplicitMetaPolicies.threshold(all, 0), ImplicitMetaPolicies.threshold(7, 3)))
        .containsExactly(1, 5, 3, 3, 1, 0, 0, 0);
  }

  @Test
  @Tag("POLICY-IMETA-02")
  void majorityOverChildGroups() {
    Policy p = ImplicitMetaPolicies.compile(ImplicitMetaPolicies.parse("MAJORITY Admins"),
        List.of(member("A"), member("B"), member("C")));
    assertThat(p.evaluate(List.of(world.signed(a, "tx"), world.signed(b, "tx"))).satisfied()).isTrue();
    PolicyResult r = p.evaluate(List.of(world.signed(a, "tx")));
    assertThat(r.satisfied()).isFalse();
    assertThat(r.rule()).isEqualTo("POLICY-IMETA-02");
    assertThat(r.reason()).startsWith("MAJORITY Admins is not satisfied: 1 of 3 sub-policies satisfied, 2 needed; "
        + "not satisfied: child 1, child 2 (child 1: signature policy OR('B.member') is not satisfied");
  }

  @Test
  @Tag("POLICY-IMETA-02")
  void noChildGroupsMeansAlwaysSatisfied() {
    for (String text : List.of("ANY Readers", "ALL Writers", "MAJORITY Admins")) {
      Policy p = ImplicitMetaPolicies.compile(ImplicitMetaPolicies.parse(text), List.of());
      assertThat(p.evaluate(List.of()).satisfied()).isTrue();
      assertThat(p.evaluateIdentities(List.of()).satisfied()).isTrue();
    }
  }

  @Test
  @Tag("POLICY-IMETA-02")
  void aChildWithoutTheSubPolicyCountsAsNotSatisfied() {
    Map<String, Policy> children = new LinkedHashMap<>();
    children.put("Org1", member("A"));
    children.put("Org3", Policies.missing("Org3/Admins"));
    Policy p = ImplicitMetaPolicies.compile(ImplicitMetaPolicies.parse("ALL Admins"), children);
    PolicyResult r = p.evaluate(List.of(world.signed(a, "tx")));
    assertThat(r.satisfied()).isFalse();
    assertThat(r.explanation().toText()).contains("[no] Org3: not satisfied")
        .contains("[no] there is no policy Org3/Admins, so it is never satisfied");
    PolicyResult missing = Policies.missing("Org3/Admins").evaluate(List.of());
    assertThat(missing.rule()).isEqualTo("POLICY-MGR-02");
    assertThat(missing.explanation().kind()).isEqualTo("missing-policy");
  }

  @Test
  @Tag("POLICY-IMETA-03")
  void eachSubPolicyEvaluatesTheWholeSignatureSetOnItsOwn() {
    // Two child groups with the same MSP: one signer counts for both.
    Policy p = ImplicitMetaPolicies.compile(ImplicitMetaPolicies.parse("ALL Admins"), List.of(member("A"), member("A")));
    assertThat(p.evaluate(List.of(world.signed(a, "tx"))).satisfied()).isTrue();
    assertThat(p.evaluateIdentities(List.of(a)).satisfied()).isTrue();
  }

  @Test
  @Tag("POLICY-IMETA-03")
  void evaluationStopsOnceTheThresholdIsReached() {
    List<Counting> children =
        List.of(new Counting(false), new Counting(true), new Counting(true), new Counting(true), new Counting(true));
    Policy p = ImplicitMetaPolicies.compile(ImplicitMetaPolicies.parse("MAJORITY Admins"), new ArrayList<>(children));
    PolicyResult r = p.evaluate(List.of());
    assertThat(r.satisfied()).isTrue();
    assertThat(children).extracting(ch -> ch.calls).containsExactly(1, 1, 1, 1, 0);
    assertThat(r.reason()).endsWith("3 of 5 sub-policies satisfied, 3 needed; the remaining 1 were not evaluated");
    assertThat(r.explanation().toMap().toString()).contains("evaluated=false");
  }

  @Test
  @Tag("POLICY-IMETA-03")
  void subPoliciesWithTheSameDeserializerVerifyEachSignatureOnce() {
    Policy p = ImplicitMetaPolicies.compile(ImplicitMetaPolicies.parse("ALL Admins"),
        List.of(member("A"), member("B"), member("C")));
    assertThat(p.evaluate(List.of(world.signed(a, "tx"), world.signed(b, "tx"), world.signed(c, "tx"))).satisfied())
        .isTrue();
    assertThat(world.verified).containsExactly("a", "b", "c");
    assertThat(world.deserialized).containsExactly("a", "b", "c");
  }

  @Test
  @Tag("POLICY-IMETA-04")
  void aRuleOutsideTheEnumIsSatisfiedOnlyWhenNoSubPolicyIs() {
    ImplicitMetaPolicy odd = ImplicitMetaPolicy.newBuilder().setRuleValue(7).setSubPolicy("Admins").build();
    Policy p = ImplicitMetaPolicies.compile(odd, List.of(member("A"), member("B")));
    assertThat(p.evaluate(List.of()).satisfied()).isTrue();
    PolicyResult r = p.evaluate(List.of(world.signed(b, "tx")));
    assertThat(r.satisfied()).isFalse();
    assertThat(r.rule()).isEqualTo("POLICY-IMETA-04");
    assertThat(p.evaluate(List.of(world.signed(a, "tx"), world.signed(b, "tx"))).satisfied()).isFalse();
    List<Counting> children = List.of(new Counting(true), new Counting(true), new Counting(false));
    ImplicitMetaPolicies.compile(odd, new ArrayList<>(children)).evaluate(List.of());
    assertThat(children).extracting(ch -> ch.calls).containsExactly(1, 1, 1);
    assertThat(ImplicitMetaPolicies.format(odd)).isEqualTo("rule 7 Admins");
  }
}
