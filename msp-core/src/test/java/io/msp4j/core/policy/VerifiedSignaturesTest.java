package io.msp4j.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A memo of verified signatures answers only for a signature that verified before. */
class VerifiedSignaturesTest {
  private final PolicyFakes world = new PolicyFakes();
  private final VerifiedSignatures memo = new VerifiedSignatures(16);

  private Policy twoOf() {
    return SignaturePolicies.compile(
        PolicyDsl.compile("OutOf(2, 'A.member', 'B.member', 'C.member')"), memo.over(world));
  }

  @Test
  @Tag("POLICY-SIG-02")
  void aSignatureVerifiedOnceIsNotVerifiedAgainAndTheVerdictIsTheSame() {
    PolicyFakes.FakeIdentity a = world.add("A", "a");
    PolicyFakes.FakeIdentity b = world.add("B", "b");
    List<SignedData> sigs = List.of(world.signed(a, "header"), world.signed(b, "header"));
    assertThat(twoOf().evaluate(sigs).satisfied()).isTrue();
    assertThat(world.verified).containsExactly("a", "b");
    assertThat(twoOf().evaluate(sigs).satisfied()).isTrue();
    assertThat(world.verified).containsExactly("a", "b");
    assertThat(memo.hits()).isEqualTo(2);
    assertThat(memo.misses()).isEqualTo(2);
  }

  @Test
  @Tag("POLICY-SIG-02")
  void aFailureIsNeverRememberedAndAnotherMessageIsVerified() {
    PolicyFakes.FakeIdentity a = world.add("A", "a");
    PolicyFakes.FakeIdentity b = world.add("B", "b");
    assertThat(twoOf().evaluate(List.of(world.signed(a, "h"), world.badlySigned(b, "h")))
        .satisfied()).isFalse();
    assertThat(twoOf().evaluate(List.of(world.signed(a, "h"), world.badlySigned(b, "h")))
        .satisfied()).isFalse();
    assertThat(world.verified).containsExactly("a", "b", "b");
    // The same signer over other bytes: verified, and refused, since the signature is not for them.
    byte[] other = "other".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    SignedData moved = SignedData.of(other, PolicyFakes.serialized("A", "a"),
        world.signed(a, "h").signature());
    assertThat(twoOf().evaluate(List.of(moved, world.signed(b, "other"))).satisfied()).isFalse();
  }

  @Test
  @Tag("POLICY-SIG-02")
  void aRememberedSignatureUnderAnotherIdentityIsVerifiedAgain() {
    PolicyFakes.FakeIdentity a = world.add("A", "a");
    PolicyFakes.FakeIdentity b = world.add("B", "b");
    world.add("C", "c");
    SignedData byA = world.signed(a, "h");
    assertThat(twoOf().evaluate(List.of(byA, world.signed(b, "h"))).satisfied()).isTrue();
    SignedData claimedByC = SignedData.of(byA.data(), PolicyFakes.serialized("C", "c"),
        byA.signature());
    long misses = memo.misses();
    assertThat(twoOf().evaluate(List.of(claimedByC, world.signed(b, "h"))).satisfied()).isFalse();
    assertThat(memo.misses()).isEqualTo(misses + 1);
    assertThat(world.verified).endsWith("c");
  }

  @Test
  void aMemoHoldsAtLeastOneSignature() {
    assertThatThrownBy(() -> new VerifiedSignatures(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
