package io.msp4j.core.policy;

import java.util.Objects;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;

/**
 * Compiles signature policies (spec 10.2), Fabric's {@code SignaturePolicyEnvelope}, into
 * {@link Policy} objects that evaluate as Fabric's cauthdsl does.
 *
 * <pre>{@code
 * IdentityDeserializer channel = manager::deserialize;
 * Policy endorsement = SignaturePolicies.compile(PolicyDsl.compile("AND('Org1MSP.peer','Org2MSP.peer')"), channel);
 * PolicyResult r = endorsement.evaluate(List.of(SignedData.of(payload, creator1, sig1), SignedData.of(payload, creator2, sig2)));
 * }</pre>
 *
 * <p>Evaluation follows Fabric exactly, quirks included: signers are deserialised, de-duplicated
 * by MSP ID and id and verified (POLICY-SIG-02); rules then consume signers greedily, every rule
 * of a gate is evaluated even once the gate is satisfied, and a rule's consumptions stay when it
 * succeeds (POLICY-SIG-03/04), so {@code AND(OR('A.member','B.member'),'B.member')} is not
 * satisfied by one signer of A and one of B (POLICY-SIG-05). Whether a signer satisfies a
 * principal is asked of the signer's own MSP ({@link io.msp4j.core.Identity#satisfies}, CORE-03),
 * which validates it where the principal needs a valid identity; nothing else validates signers.
 *
 * <p>Several policies compiled with the same deserializer object and evaluated together as the
 * sub-policies of an implicit-meta policy deserialise and verify each signature once between them.
 */
public final class SignaturePolicies {
  private SignaturePolicies() {}

  /**
   * Compiles a policy that verifies signatures on the calling thread.
   *
   * @throws io.msp4j.core.MspException with reason {@link io.msp4j.core.Reason#POLICY_INVALID},
   *     rule POLICY-SIG-01, when the envelope's version is not 0, a rule is missing or has neither
   *     case, or a SignedBy index names no identity
   */
  public static Policy compile(SignaturePolicyEnvelope envelope, IdentityDeserializer deserializer) {
    return compile(envelope, deserializer, EvaluationOptions.defaults());
  }

  /**
   * Compiles a policy evaluated with these options.
   *
   * @throws io.msp4j.core.MspException as {@link #compile(SignaturePolicyEnvelope, IdentityDeserializer)}
   */
  public static Policy compile(
      SignaturePolicyEnvelope envelope, IdentityDeserializer deserializer, EvaluationOptions options) {
    return new CompiledSignaturePolicy(
        Objects.requireNonNull(envelope, "envelope"),
        Objects.requireNonNull(deserializer, "deserializer"),
        Objects.requireNonNull(options, "options"));
  }
}
