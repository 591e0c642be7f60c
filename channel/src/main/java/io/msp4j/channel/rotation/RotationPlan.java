package io.msp4j.channel.rotation;

import java.util.List;
import java.util.Objects;

/**
 * A CA rotation as a sequence of config updates, each computed from the configuration the one
 * before leaves and each free of lock-outs, and what stops it (a retire step that would leave an
 * identity or a role without a valid holder, a consenter whose TLS certificate no TLS CA in force
 * vouches for).
 *
 * @param org the org group's path, such as {@code /Channel/Application/Org1}
 * @param mspId the org's MSP ID
 * @param steps the steps to submit in order
 * @param refusals why the plan stops before a step; empty when every step asked for is written
 * @param notes what the operator does between steps and after the last, in order
 */
public record RotationPlan(String org, String mspId, List<RotationStep> steps,
    List<RotationRefusal> refusals, List<String> notes) {

  /** Checks and copies. */
  public RotationPlan {
    Objects.requireNonNull(org, "org");
    Objects.requireNonNull(mspId, "mspId");
    steps = List.copyOf(steps);
    refusals = List.copyOf(refusals);
    notes = List.copyOf(notes);
  }

  /** Whether every step asked for is written. */
  public boolean complete() {
    return refusals.isEmpty();
  }
}
