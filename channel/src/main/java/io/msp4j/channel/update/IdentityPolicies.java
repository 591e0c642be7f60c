package io.msp4j.channel.update;

import java.util.Optional;

/**
 * Policies of a channel configuration evaluated for a single identity, with no signature
 * (POLICY-SIG-06): would this identity alone satisfy the policy? The channel's policy manager
 * provides it; the lock-out guard asks it about each org's {@code Admins}.
 */
@FunctionalInterface
public interface IdentityPolicies {

  /**
   * @param policyPath an absolute policy path, such as {@code /Channel/Application/Org1/Admins}
   * @param serializedIdentity a {@code SerializedIdentity}
   * @return whether the identity alone satisfies the policy; empty when there is no such policy
   */
  Optional<Boolean> satisfiedBy(String policyPath, byte[] serializedIdentity);
}
