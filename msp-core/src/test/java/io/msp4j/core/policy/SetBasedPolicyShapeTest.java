package io.msp4j.core.policy;

import static io.msp4j.core.policy.PolicyDslTest.envelope;
import static io.msp4j.core.policy.PolicyDslTest.member;
import static io.msp4j.core.policy.PolicyDslTest.outOf;
import static io.msp4j.core.policy.PolicyDslTest.signedBy;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Which signature policies have a verdict that depends only on the set of signers that verified
 * and grows with it (POLICY-SIG-02..05): the flat identity quorum Fabric v3 writes as a BFT
 * channel's block validation policy, and nothing else.
 */
@Tag("POLICY-SIG-05")
class SetBasedPolicyShapeTest {
  private static MSPPrincipal identity(String name) {
    return MSPPrincipal.newBuilder()
        .setPrincipalClassification(MSPPrincipal.Classification.IDENTITY)
        .setPrincipal(ByteString.copyFrom(PolicyFakes.serialized("OrdererMSP", name)))
        .build();
  }

  private static boolean setBased(SignaturePolicyEnvelope e) {
    return SignaturePolicies.isSetBasedIdentityQuorum(e);
  }

  @Test
  void theBftQuorumOfConsenterIdentitiesIsSetBased() {
    assertThat(setBased(envelope(outOf(3, signedBy(0), signedBy(1), signedBy(2), signedBy(3)),
        identity("o1"), identity("o2"), identity("o3"), identity("o4")))).isTrue();
    assertThat(setBased(envelope(outOf(1, signedBy(0)), identity("o1")))).isTrue();
  }

  @Test
  void aRolePrincipalMakesTheOrderCount() {
    assertThat(setBased(envelope(outOf(2, signedBy(0), signedBy(1)),
        identity("o1"), member("OrdererMSP")))).isFalse();
  }

  @Test
  void nestedGatesAndABareSignedByAreNotTheFlatShape() {
    assertThat(setBased(envelope(outOf(1, outOf(1, signedBy(0))), identity("o1")))).isFalse();
    assertThat(setBased(envelope(signedBy(0), identity("o1")))).isFalse();
  }

  @Test
  void anIndexThatNamesNoIdentityOrAnotherVersionIsNot() {
    assertThat(setBased(envelope(outOf(1, signedBy(1)), identity("o1")))).isFalse();
    assertThat(setBased(envelope(outOf(1, signedBy(-1)), identity("o1")))).isFalse();
    assertThat(setBased(envelope(outOf(1, signedBy(0)), identity("o1")).toBuilder()
        .setVersion(1).build())).isFalse();
    assertThat(setBased(SignaturePolicyEnvelope.getDefaultInstance())).isFalse();
  }
}
