package io.msp4j.channel.update;

import java.util.List;
import java.util.Objects;

/**
 * What evaluating one mod_policy over an update's signatures gave.
 *
 * @param policyPath the absolute path of the policy that was evaluated, such as {@code
 *     /Channel/Application/Org1/Admins}
 * @param satisfied whether the signatures satisfy it
 * @param needsNoSignature whether the policy is satisfied by an empty set of signatures (an
 *     ImplicitMeta policy over no child groups, or a signature policy requiring none): anybody can
 *     then change what it guards (Appendix B.17)
 * @param missing what the signatures lack, one line per unsatisfied requirement, such as {@code
 *     Org1MSP.admin}
 * @param dropped why signatures did not count, one line per dropped signature (index, signer,
 *     reason)
 */
public record ModPolicyOutcome(
    String policyPath, boolean satisfied, boolean needsNoSignature, List<String> missing,
    List<String> dropped) {

  /** Checks and copies. */
  public ModPolicyOutcome {
    Objects.requireNonNull(policyPath, "policyPath");
    missing = List.copyOf(missing);
    dropped = List.copyOf(dropped);
  }
}
