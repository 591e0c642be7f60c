package io.msp4j.core.reload;

/**
 * Where a {@link ReloadingMsp} reads its configuration from: a folder, a channel's config block.
 * Called on the reloading thread, never on a caller's.
 */
@FunctionalInterface
public interface MspSource {

  /**
   * Reads the configuration as it is now.
   *
   * @throws io.msp4j.core.MspSetupException when it cannot be read (a missing folder, an
   *     unreadable file, an invalid config.yaml), naming the file and the rule
   */
  MspCandidate read();
}
