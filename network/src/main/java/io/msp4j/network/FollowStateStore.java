package io.msp4j.network;

import io.msp4j.network.internal.FollowStateFile;
import java.nio.file.Path;
import java.util.Optional;

/** Where a follower keeps its {@link FollowState} across restarts. */
public interface FollowStateStore {

  /** The saved state, or empty when nothing was saved yet. */
  Optional<FollowState> load();

  /** Saves the state, replacing the one before; either the old or the new state survives a crash. */
  void save(FollowState state);

  /**
   * A JSON file, written atomically (a temporary file in the same folder, forced to disk, then
   * moved over the old one).
   */
  static FollowStateStore file(Path path) {
    return new FollowStateFile(path);
  }

  /** A store that keeps nothing. */
  static FollowStateStore none() {
    return new FollowStateStore() {
      @Override
      public Optional<FollowState> load() {
        return Optional.empty();
      }

      @Override
      public void save(FollowState state) {}
    };
  }
}
