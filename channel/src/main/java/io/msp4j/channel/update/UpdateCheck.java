package io.msp4j.channel.update;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;

/**
 * What the ordering service's validator makes of an update against the current config
 * (CONFIGTX-UPDATE-01..12): accepted with the proposed next config, or rejected with the first
 * failure in Fabric's order; with a decision for every element of the delta set either way.
 *
 * @param failure the reason the update is rejected; empty when it is accepted
 * @param decisions one per delta element, in path order (empty when the update failed before the
 *     delta set was known)
 * @param proposed the next config (sequence + 1, rebuilt tree, the update as {@code last_update});
 *     present exactly when accepted
 * @param warnings things that do not change the verdict but an operator should know (an update
 *     authorised without any signature, Appendix B.17)
 */
public record UpdateCheck(
    Optional<ConfigUpdateException> failure, List<ElementDecision> decisions,
    Optional<ConfigEnvelope> proposed, List<String> warnings) {

  /** Checks and copies. */
  public UpdateCheck {
    Objects.requireNonNull(failure, "failure");
    Objects.requireNonNull(proposed, "proposed");
    decisions = List.copyOf(decisions);
    warnings = List.copyOf(warnings);
    if (failure.isPresent() == proposed.isPresent()) {
      throw new IllegalArgumentException("exactly one of failure and proposed must be present");
    }
  }

  /** Whether the ordering service's validator accepts the update. */
  public boolean accepted() {
    return failure.isEmpty();
  }

  /**
   * The proposed next config.
   *
   * @throws ConfigUpdateException the failure, when the update is rejected
   */
  public ConfigEnvelope proposedOrThrow() {
    if (failure.isPresent()) {
      throw failure.get();
    }
    return proposed.orElseThrow();
  }
}
