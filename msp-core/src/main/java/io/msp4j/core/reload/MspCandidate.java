package io.msp4j.core.reload;

import io.msp4j.core.Msp;
import java.util.List;

/**
 * A configuration read by an {@link MspSource}, not yet set up. A {@link ReloadingMsp} asks
 * whether it is the configuration it already serves, sets it up off the hot path, and asks what
 * changed; implementations need not be thread-safe beyond being handed from the thread that read
 * them to the one that applies them.
 */
public interface MspCandidate {

  /**
   * Whether this is the same configuration as {@code applied}, a candidate of the same source
   * that is being served: then nothing is set up and nothing is swapped. Implementations compare
   * everything setup reads (the MSP configuration bytes, a key store's content).
   */
  boolean sameConfiguration(MspCandidate applied);

  /**
   * Sets up a complete MSP from this configuration.
   *
   * @throws io.msp4j.core.MspSetupException naming the rule and the entry at fault
   */
  Msp setUp();

  /**
   * What differs from {@code previous}, the candidate that was served until now, or everything
   * this configuration holds when {@code previous} is null (the first generation). Called only
   * after {@link #setUp()} succeeded.
   */
  List<MspChange> changesSince(MspCandidate previous);

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
