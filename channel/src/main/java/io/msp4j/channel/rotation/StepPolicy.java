package io.msp4j.channel.rotation;

import java.util.List;
import java.util.Objects;

/**
 * A config element a step changes and the signatures it needs: the element's current mod_policy,
 * resolved as the ordering service resolves it (CONFIGTX-UPDATE-08, CHANNEL-MSP-10).
 *
 * @param element the element, such as {@code value /Channel/Application/Org1/MSP}
 * @param modPolicy the mod_policy as written
 * @param policyPath the policy it resolves to, such as {@code /Channel/Application/Org1/Admins}
 * @param signers what an unsigned update lacks: the principals whose signatures it needs, such
 *     as {@code Org1MSP.admin}
 */
public record StepPolicy(String element, String modPolicy, String policyPath,
    List<String> signers) {

  /** Checks and copies. */
  public StepPolicy {
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(modPolicy, "modPolicy");
    Objects.requireNonNull(policyPath, "policyPath");
    signers = List.copyOf(signers);
  }

  @Override
  public String toString() {
    return element + ": mod_policy '" + modPolicy + "' (" + policyPath + ")"
        + (signers.isEmpty() ? "" : ", signed by " + String.join(" and ", signers));
  }
}
