package io.msp4j.core.reload;

/**
 * Told of each reload attempt of a {@link ReloadingMsp} that found a new configuration. Called on
 * the reloading thread after the swap (or the refusal), one call at a time and in order; a
 * listener that throws is logged and does not stop the others or later reloads. Keep listeners
 * short: the next reload waits for them.
 */
public interface ReloadListener {

  /** A new generation is being served; {@link MspGeneration#changes()} says what changed. */
  default void reloaded(MspGeneration generation) {}

  /** A configuration was refused; the generation before it is still served. */
  default void reloadFailed(ReloadFailure failure) {}
}
