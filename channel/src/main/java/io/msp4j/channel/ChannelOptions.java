package io.msp4j.channel;

import io.msp4j.x509.SetupOptions;
import java.util.Objects;
import java.util.Optional;

/**
 * How a channel configuration is loaded.
 *
 * @param setup the options each organisation's X.509 MSP is set up with (crypto backend, clock)
 * @param parallelism how many organisation MSPs may be set up at once; 1 sets them up one after
 *     another. The outcome, and the error reported when several orgs are at fault, do not depend
 *     on it.
 * @param reuse MSPs already set up that an org with a byte-identical MSP value at the same version
 *     takes instead of a new setup (see {@link MspReuse}); looked at first
 * @param shared MSPs shared with the other channels loaded with the same object (see {@link
 *     SharedMsps}): an org not found in {@code reuse} takes the shared MSP of its configuration,
 *     and an MSP set up is offered there; empty to set up every MSP not reused
 */
public record ChannelOptions(
    SetupOptions setup, int parallelism, MspReuse reuse, Optional<SharedMsps> shared) {

  public ChannelOptions {
    Objects.requireNonNull(setup, "setup");
    Objects.requireNonNull(reuse, "reuse");
    Objects.requireNonNull(shared, "shared");
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
    }
  }

  /** Options that share no MSP with other channels. */
  public ChannelOptions(SetupOptions setup, int parallelism, MspReuse reuse) {
    this(setup, parallelism, reuse, Optional.empty());
  }

  /** Options that reuse no MSP. */
  public ChannelOptions(SetupOptions setup, int parallelism) {
    this(setup, parallelism, MspReuse.none());
  }

  /** These options with MSPs to reuse. */
  public ChannelOptions withReuse(MspReuse r) {
    return new ChannelOptions(setup, parallelism, r, shared);
  }

  /**
   * These options sharing org MSPs with every channel loaded with {@code msps} (see {@link
   * SharedMsps}).
   */
  public ChannelOptions withSharedMsps(SharedMsps msps) {
    return new ChannelOptions(setup, parallelism, reuse, Optional.of(msps));
  }

  /** Default MSP setup options, as many setups at once as the machine has processors. */
  public static ChannelOptions defaults() {
    return new ChannelOptions(SetupOptions.defaults(), Runtime.getRuntime().availableProcessors());
  }

  /** These options with another MSP setup configuration. */
  public ChannelOptions withSetup(SetupOptions s) {
    return new ChannelOptions(s, parallelism, reuse, shared);
  }

  /** These options with another parallelism. */
  public ChannelOptions withParallelism(int p) {
    return new ChannelOptions(setup, p, reuse, shared);
  }
}
