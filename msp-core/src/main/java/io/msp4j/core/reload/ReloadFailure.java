package io.msp4j.core.reload;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import java.time.Instant;
import java.util.Objects;

/**
 * A configuration that was read but not applied, because it could not be read completely or set
 * up: generation {@code keptGeneration} goes on serving (none when it is 0).
 *
 * @param error the failure (an {@link io.msp4j.core.MspSetupException} for an MSP, a channel
 *     configuration exception for a channel), with its reason, rule and the file, entry or config
 *     path at fault
 * @param keptGeneration the generation still served, 0 when none was ever applied
 * @param at when the attempt failed (by the reloading MSP's clock)
 */
public record ReloadFailure(MspException error, long keptGeneration, Instant at) {
  public ReloadFailure {
    Objects.requireNonNull(error, "error");
    Objects.requireNonNull(at, "at");
  }

  /** The machine-readable reason of the failure. */
  public Reason reason() {
    return error.reason();
  }

  /** The spec rule that refused the configuration. */
  public String rule() {
    return error.rule();
  }

  /** What failed and where (file, entry, config path, certificate), without the rule ID. */
  public String detail() {
    return error.detail();
  }

  @Override
  public String toString() {
    return "ReloadFailure{" + reason() + " [" + rule() + "] " + detail() + ", kept generation "
        + keptGeneration + "}";
  }
}
