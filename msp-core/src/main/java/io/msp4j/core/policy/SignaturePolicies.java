package io.msp4j.core.policy;

import java.util.Objects;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
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

  /**
   * Whether a policy's verdict on a set of signed data depends only on which signers verified,
   * not on their order or repetition, and can only turn from refused to satisfied as signed data
   * are added: true for the shape Fabric v3 writes as a BFT channel's block validation policy,
   * {@code NOutOf(n, [SignedBy(0), SignedBy(1), ...])} with every principal an {@code IDENTITY}.
   *
   * <p>Why: signers are de-duplicated by MSP ID and id and only those that verify are kept
   * (POLICY-SIG-02), so the kept set is a function of the set of signed data; an identity
   * principal is met only by the signer of that MSP and certificate, of which at most one is
   * kept, so the greedy scan (POLICY-SIG-03/04/05) has one choice per rule and the count of rules
   * met is the number of principals whose signer is kept, which grows with the set. With role or
   * organisational-unit principals, or nested gates, one signer may meet several rules and the
   * order decides (POLICY-SIG-05): false.
   */
  public static boolean isSetBasedIdentityQuorum(SignaturePolicyEnvelope envelope) {
    Objects.requireNonNull(envelope, "envelope");
    SignaturePolicy rule = envelope.getRule();
    if (envelope.getVersion() != 0 || !rule.hasNOutOf()) {
      return false;
    }
    for (MSPPrincipal p : envelope.getIdentitiesList()) {
      if (p.getPrincipalClassification() != MSPPrincipal.Classification.IDENTITY) {
        return false;
      }
    }
    for (SignaturePolicy r : rule.getNOutOf().getRulesList()) {
      if (!r.hasSignedBy() || r.getSignedBy() < 0
          || r.getSignedBy() >= envelope.getIdentitiesCount()) {
        return false;
      }
    }
    return true;
  }
}
