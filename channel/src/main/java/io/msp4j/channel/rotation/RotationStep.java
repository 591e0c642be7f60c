package io.msp4j.channel.rotation;

import io.msp4j.channel.update.IdentityImpact;
import io.msp4j.channel.update.UpdateReport;
import java.util.List;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.Envelope;

/**
 * One config update of a rotation plan, computed from the configuration the previous step leaves.
 *
 * @param number 1, 2, ...
 * @param kind what it does
 * @param changes what it changes, one line each
 * @param envelope the unsigned {@code CONFIG_UPDATE} envelope, as {@code compute-update} writes it
 * @param policies the elements it changes with the signatures each needs
 * @param report check-update's report on the step, with the signatures it needs taken as given:
 *     the MSP changes, the impact on known identities, the lock-outs
 * @param standings every followed identity before and after the step, changed or not
 * @param next the configuration after the step (sequence + 1)
 * @param lockoutAllowed whether the step is written although it locks someone out ({@code
 *     allowLockout})
 */
public record RotationStep(int number, StepKind kind, List<String> changes, Envelope envelope,
    List<StepPolicy> policies, UpdateReport report, List<IdentityImpact> standings, Config next,
    boolean lockoutAllowed) {

  /** Checks and copies. */
  public RotationStep {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(envelope, "envelope");
    Objects.requireNonNull(report, "report");
    Objects.requireNonNull(next, "next");
    changes = List.copyOf(changes);
    policies = List.copyOf(policies);
    standings = List.copyOf(standings);
  }

  /** The file name of the step: {@code 01-add.pb}, {@code 02-consenter.pb}, ... */
  public String fileName() {
    return String.format(java.util.Locale.ROOT, "%02d-%s.pb", number, kind.word());
  }
}
