package io.msp4j.core.reload;

/**
 * Told of each reload attempt that found a new configuration, by a {@link ReloadingMsp}, a
 * folder watcher, or a reloading channel: one listener type for all of them ({@code
 * ReloadListener<Object>} can listen to any). Called on the reloading thread after the swap (or
 * the refusal), one call at a time and in order; a listener that throws is logged and does not
 * stop the others or later reloads. Keep listeners short (the next reload waits for them) and do
 * not reload from one.
 *
 * @param <V> what the configurations are set up into
 */
public interface ReloadListener<V> {

  /** A new generation is being served; {@link Generation#changes()} says what changed. */
  default void reloaded(Generation<? extends V> generation) {}

  /** A configuration was refused; the generation before it is still served. */
  default void reloadFailed(ReloadFailure failure) {}

  /**
   * After one or more refused configurations, the source holds the configuration already served
   * again (a broken file was removed, say): the failure is over and {@code generation}, unchanged,
   * goes on serving. A new configuration applied after a failure is told by {@link #reloaded}
   * instead.
   */
  default void recovered(Generation<? extends V> generation) {}
}
