package io.msp4j.network;

import io.msp4j.network.internal.AtomicFiles;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A listener that keeps a file holding the config block in force: written when the follower is
 * anchored and after each config block applied, atomically, so that a reader (such as {@code msp
 * configtx compute-update --block}) always finds a whole block.
 */
public final class ConfigBlockWriter implements FollowListener {
  private final Path path;

  /** A writer to {@code path}. */
  public ConfigBlockWriter(Path path) {
    this.path = Objects.requireNonNull(path, "path");
  }

  @Override
  public void anchored(FollowState state) {
    AtomicFiles.write(path, state.configBlock(), "the config block");
  }

  @Override
  public void delivered(DeliveredBlock block) {
    if (block.config().isPresent()) {
      AtomicFiles.write(path, block.block().toByteArray(), "the config block");
    }
  }
}
