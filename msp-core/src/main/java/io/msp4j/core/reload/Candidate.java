package io.msp4j.core.reload;

import java.util.List;

/**
 * A configuration read by a {@link ConfigSource}, not yet set up. A {@link Reloader} asks whether
 * it is the configuration it already serves, sets it up off the hot path and asks what changed.
 * Implementations need not be thread-safe beyond being handed from the thread that read them to
 * the one that applies them: a reloader calls them one at a time.
 *
 * @param <V> what the configuration is set up into
 */
public interface Candidate<V> {

  /**
   * Whether this is the same configuration as {@code applied}, a candidate of the same source that
   * is being served: then nothing is set up and nothing is swapped. Implementations compare
   * everything setup reads (the configuration bytes, a key store's content).
   */
  boolean sameConfiguration(Candidate<V> applied);

  /**
   * Sets up a complete value from this configuration.
   *
   * @throws io.msp4j.core.MspException (such as {@link io.msp4j.core.MspSetupException}) naming
   *     the rule and the entry at fault
   */
  V setUp();

  /**
   * What differs from {@code previous}, the candidate served until now, or everything this
   * configuration holds when {@code previous} is null (the first generation). Called only after
   * {@link #setUp()} succeeded, and only with a previous candidate that was set up.
   */
  List<MspChange> changesSince(Candidate<V> previous);

  /**
   * Whether the source still holds this configuration after it was set up (or failed to be). A
   * source whose files can change while they are read answers false when they did; the candidate
   * is then dropped without a swap and without a failure, since what was read may be half
   * written, and the change is picked up by the next reload.
   */
  default boolean stillCurrent() {
    return true;
  }
}
