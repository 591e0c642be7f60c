package io.msp4j.network;

import io.msp4j.channel.update.MspChange;
import java.util.List;

/**
 * What a config block did when it became the configuration in force (DELIVER-06).
 *
 * @param sequence the new configuration's sequence (unsigned)
 * @param generation the {@link io.msp4j.channel.ReloadingChannel} generation now serving it
 * @param changes what changed in the org MSPs and policies against the configuration before,
 *     in the form {@code configtx check-update} reports them (for the anchor: everything, against
 *     an empty configuration)
 */
public record AppliedConfig(long sequence, long generation, List<MspChange> changes) {

  /** Checks the parts. */
  public AppliedConfig {
    changes = List.copyOf(changes);
  }
}
