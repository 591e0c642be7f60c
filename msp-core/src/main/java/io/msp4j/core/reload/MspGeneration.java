package io.msp4j.core.reload;

import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.core.SigningIdentity;
import java.time.Instant;
import java.util.List;

/**
 * One configuration a {@link ReloadingMsp} has served: its number (1 for the first, one more at
 * each swap), when it was swapped in, the complete MSP set up from it, and what changed from the
 * generation before. Immutable.
 *
 * <p>{@link #msp()} is the MSP of this generation alone: everything asked of it is answered with
 * this generation's rules, whatever is swapped in later. Use it to answer several questions with
 * one consistent configuration (deserialise, validate, check roles).
 */
public final class MspGeneration {
  private final long number;
  private final Instant appliedAt;
  private final Msp msp;
  private final List<MspChange> changes;
  /*
   * The generation's signing identity, or why it has none: set by the reloading MSP before the
   * generation is published (through a volatile write), never changed after.
   */
  SigningIdentity signer;
  MspException noSigner;

  MspGeneration(long number, Instant appliedAt, Msp msp, List<MspChange> changes) {
    this.number = number;
    this.appliedAt = appliedAt;
    this.msp = msp;
    this.changes = List.copyOf(changes);
  }

  /** The generation number: 1 for the first configuration applied, then one more per swap. */
  public long number() {
    return number;
  }

  /** When this generation was swapped in (by the reloading MSP's clock). */
  public Instant appliedAt() {
    return appliedAt;
  }

  /**
   * The MSP of this generation: wrapped in its own {@link io.msp4j.core.CachingMsp} when the
   * reloading MSP caches, so that caches never span generations.
   */
  public Msp msp() {
    return msp;
  }

  /** What changed from the generation before; for the first, everything it holds. */
  public List<MspChange> changes() {
    return changes;
  }

  @Override
  public String toString() {
    return "MspGeneration{" + number + ", appliedAt=" + appliedAt + ", changes=" + changes.size()
        + "}";
  }
}
