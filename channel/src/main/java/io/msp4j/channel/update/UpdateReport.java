package io.msp4j.channel.update;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;

/**
 * Everything msp4j says about a proposed update: the ordering service's verdict (and at which
 * stage and rule it refuses), the decision on every changed element, what changes in the MSPs,
 * how known identities fare, and whether an org would be locked out.
 *
 * @param stage where the update is refused; {@link Stage#NONE} when accepted
 * @param failure the refusal, when refused
 * @param decisions the validator's decision on each delta element
 * @param warnings remarks that do not change the verdict (Appendix B.17, CONFIGTX-UPDATE-15)
 * @param proposed the next config, when the validator accepted the update
 * @param changes what changes in the org groups (empty when the validator refused)
 * @param impact the known identities whose validity or roles change
 * @param lockouts the orgs that would be left without a known admin
 * @param outerWriters when the update came in a signed envelope: whether the envelope's own
 *     signature satisfies {@code /Channel/Writers} (CONFIGTX-UPDATE-04). The ordering service
 *     checks it before everything else; it is reported apart because operators pass unsigned
 *     envelopes around and {@code peer channel update} signs the envelope it sends.
 */
public record UpdateReport(
    Stage stage, Optional<? extends RuntimeException> failure, List<ElementDecision> decisions,
    List<String> warnings, Optional<ConfigEnvelope> proposed, List<MspChange> changes,
    List<IdentityImpact> impact, List<Lockout> lockouts,
    Optional<ModPolicyOutcome> outerWriters) {

  /** Where an update is refused. */
  public enum Stage {
    /** Not refused. */
    NONE,
    /** By the config transaction validator (CONFIGTX-UPDATE-01..13). */
    AUTHORIZATION,
    /** By loading the proposed config or comparing it with the current (CONFIGTX-UPDATE-14). */
    NEW_CONFIG;

    /** The name used in JSON output: null, {@code authorization} or {@code new-config}. */
    public String jsonName() {
      return switch (this) {
        case NONE -> null;
        case AUTHORIZATION -> "authorization";
        case NEW_CONFIG -> "new-config";
      };
    }
  }

  /** Checks and copies. */
  public UpdateReport {
    Objects.requireNonNull(stage, "stage");
    Objects.requireNonNull(failure, "failure");
    Objects.requireNonNull(proposed, "proposed");
    Objects.requireNonNull(outerWriters, "outerWriters");
    decisions = List.copyOf(decisions);
    warnings = List.copyOf(warnings);
    changes = List.copyOf(changes);
    impact = List.copyOf(impact);
    lockouts = List.copyOf(lockouts);
    if ((stage == Stage.NONE) == failure.isPresent()) {
      throw new IllegalArgumentException("a failure is present exactly when a stage refused");
    }
  }

  /** Whether the ordering service would accept the update. */
  public boolean accepted() {
    return stage == Stage.NONE;
  }

  /** Whether the update would lock an org out (msp4j's guard; Fabric does not check this). */
  public boolean locksOut() {
    return !lockouts.isEmpty();
  }
}
