package io.msp4j.channel;

import io.msp4j.core.policy.Policy;
import java.util.Objects;

/**
 * The answer to a policy lookup by name (POLICY-MGR-02): the policy, or a policy that is never
 * satisfied when there is none by that name, as Fabric's policy manager answers.
 *
 * @param name the name asked for
 * @param path the policy's full path, such as {@code /Channel/Application/Org1/Admins}, when
 *     found; otherwise the name as it was looked up
 * @param policy the policy; when not found, one that rejects every evaluation
 * @param found whether a policy by that name exists
 */
public record PolicyLookup(String name, String path, Policy policy, boolean found) {
  public PolicyLookup {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(policy, "policy");
  }
}
