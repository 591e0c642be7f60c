package io.msp4j.core.reload;

/**
 * Where a {@link Reloader} reads its configuration from: a folder, a channel's config blocks.
 * Called on the reloading thread, never on a caller's.
 *
 * @param <V> what the configuration is set up into
 */
@FunctionalInterface
public interface ConfigSource<V> {

  /**
   * Reads the configuration as it is now.
   *
   * @throws io.msp4j.core.MspException when it cannot be read (a missing folder, an unreadable
   *     file, bytes that are not a config block), naming the place and the rule
   */
  Candidate<V> read();
}
