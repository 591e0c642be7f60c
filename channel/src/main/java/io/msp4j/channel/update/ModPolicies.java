package io.msp4j.channel.update;

import java.util.List;
import java.util.Optional;

/**
 * The policy tree of a channel configuration, as the update validator needs it: mod_policies are
 * looked up from a group's policy manager and evaluated over the update's signatures
 * (CONFIGTX-UPDATE-08/09). The channel's policy manager by path provides it; the validator itself
 * knows no policy types.
 */
public interface ModPolicies {

  /**
   * Evaluates a policy name as the manager of a group resolves it (POLICY-MGR-02): a name starting
   * with {@code /} is absolute and must start with {@code /Channel}; any other is relative to the
   * manager.
   *
   * @param managerPath the keys of the groups below {@code /Channel} that lead to the manager;
   *     empty for the root manager
   * @param policyName the mod_policy as written in the config
   * @param signatures the update's signed data (CONFIGTX-UPDATE-03)
   * @return the outcome, or empty when there is no group at {@code managerPath} or the name
   *     resolves to no policy
   */
  Optional<ModPolicyOutcome> evaluate(
      List<String> managerPath, String policyName, List<UpdateSignature> signatures);

  /** Whether {@code policyName} resolves to a policy from the manager at {@code managerPath}. */
  default boolean exists(List<String> managerPath, String policyName) {
    return evaluate(managerPath, policyName, List.of()).isPresent();
  }
}
