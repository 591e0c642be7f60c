package io.msp4j.core.policy;

import io.msp4j.core.Identity;
import java.util.List;

/**
 * A compiled policy: a signature policy ({@link SignaturePolicies}), an implicit-meta policy
 * ({@link ImplicitMetaPolicies}) or a policy that is missing ({@link Policies#missing}).
 * Evaluation gives Fabric's verdict and says why. Policies are immutable and may be evaluated
 * from several threads at once.
 *
 * <pre>{@code
 * Policy p = SignaturePolicies.compile(PolicyDsl.compile("AND('Org1MSP.peer','Org2MSP.peer')"), manager::deserialize);
 * p.evaluate(signatures).check(); // throws PolicyNotSatisfiedException saying which principal no signer satisfied
 * }</pre>
 */
public interface Policy {

  /**
   * Evaluates the policy over signatures: signers are deserialised, de-duplicated and their
   * signatures verified as Fabric does (POLICY-SIG-02), then the policy is evaluated over the
   * signers that remain.
   */
  PolicyResult evaluate(List<SignedData> signedData);

  /**
   * Evaluates the policy over identities taken as they are: no signatures, no de-duplication
   * (POLICY-SIG-06).
   */
  PolicyResult evaluateIdentities(List<Identity> identities);
}
