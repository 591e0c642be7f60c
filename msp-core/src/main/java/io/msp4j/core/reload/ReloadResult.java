package io.msp4j.core.reload;

import java.util.Objects;
import java.util.Optional;

/**
 * What one reload did.
 *
 * @param <V> what the configurations are set up into
 * @param status what happened
 * @param generation the generation served after the call (null while none was ever applied)
 * @param failure why the configuration was refused, for {@link Status#FAILED}; else null
 */
public record ReloadResult<V>(Status status, Generation<V> generation, ReloadFailure failure) {

  /** What a reload did. */
  public enum Status {
    /** A new generation was set up and swapped in. */
    APPLIED,
    /** The configuration read is the one already served: nothing was swapped. */
    UNCHANGED,
    /** The configuration was refused; the previous generation is still served. */
    FAILED,
    /**
     * The source changed while the configuration was read or set up; it was dropped without a
     * swap or a failure (what was read may have been half written), to be read again once the
     * source has settled.
     */
    SUPERSEDED
  }

  public ReloadResult {
    Objects.requireNonNull(status, "status");
    if ((status == Status.FAILED) != (failure != null)) {
      throw new IllegalArgumentException("a failure goes with status FAILED only");
    }
  }

  /** The generation served after the call, empty while none was ever applied. */
  public Optional<Generation<V>> served() {
    return Optional.ofNullable(generation);
  }
}
