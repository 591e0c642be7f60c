package io.msp4j.core.reload;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One configuration a {@link Reloader} has served: its number (1 for the first, one more at each
 * swap), when it was swapped in, what was set up from it (an MSP, a channel) and what changed
 * from the generation before. Immutable.
 *
 * <p>{@link #value()} is this generation's alone: everything asked of it is answered with this
 * generation's configuration, whatever is swapped in later. Use it to answer several questions
 * with one consistent configuration.
 *
 * @param <V> what a configuration is set up into
 */
public final class Generation<V> {
  private final long number;
  private final Instant appliedAt;
  private final V value;
  private final List<MspChange> changes;
  private final Duration reloadTime;

  Generation(long number, Instant appliedAt, V value, List<MspChange> changes,
      Duration reloadTime) {
    this.number = number;
    this.reloadTime = Objects.requireNonNull(reloadTime, "reloadTime");
    this.appliedAt = Objects.requireNonNull(appliedAt, "appliedAt");
    this.value = Objects.requireNonNull(value, "value");
    this.changes = List.copyOf(changes);
  }

  /** The generation number: 1 for the first configuration applied, then one more per swap. */
  public long number() {
    return number;
  }

  /** When this generation was swapped in (by the reloader's clock). */
  public Instant appliedAt() {
    return appliedAt;
  }

  /**
   * What this generation's configuration was set up into: for a {@link ReloadingMsp}, the MSP
   * (wrapped in its own {@link io.msp4j.core.CachingMsp} when the reloading MSP caches, so that
   * caches never span generations).
   */
  public V value() {
    return value;
  }

  /**
   * How long the reload that made this generation took, from its call (a config block handed to
   * a reloading channel, a changed folder about to be read) to the swap: reading, setting up,
   * comparing, by the JVM's monotonic clock. A folder watcher calls it once the folder has been
   * quiet for its settle window.
   */
  public Duration reloadTime() {
    return reloadTime;
  }

  /** What changed from the generation before; for the first, everything it holds. */
  public List<MspChange> changes() {
    return changes;
  }

  @Override
  public String toString() {
    return "Generation{" + number + ", appliedAt=" + appliedAt + ", changes=" + changes.size()
        + "}";
  }
}
