package io.msp4j.channel.rotation;

import java.util.List;
import java.util.Objects;

/**
 * Why the plan stops before a step: what would break and who would be left out.
 *
 * @param step the step that is not written
 * @param rule the spec rule behind the refusal
 * @param message what would break, naming the certificates (subject, serial, issuer)
 * @param items one line per identity, role or consenter at fault
 */
public record RotationRefusal(StepKind step, String rule, String message, List<String> items) {

  /** Checks and copies. */
  public RotationRefusal {
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(message, "message");
    items = List.copyOf(items);
  }

  @Override
  public String toString() {
    return step.word() + " refused [" + rule + "] " + message
        + (items.isEmpty() ? "" : ": " + String.join("; ", items));
  }
}
