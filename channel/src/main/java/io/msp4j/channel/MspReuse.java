package io.msp4j.channel;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.Msp;
import io.msp4j.core.MspVersion;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * Set-up MSPs a channel load may take instead of setting an org's MSP up again: those of a
 * channel loaded before, for org groups whose MSP value is byte-identical and whose MSP version
 * and Fabric release are the same. An MSP's setup depends only on its MSPConfig, its version and
 * the setup options (a channel MSP has no signing identity, so no clock is read), so reusing it
 * cannot change a verdict as long as both loads use the same setup options. Immutable.
 *
 * <p>A snapshot of one channel for one load, as config updates use it; {@link SharedMsps} shares
 * MSPs between any number of channels and checks the setup options itself. A load looks here
 * first, then in its shared MSPs.
 */
public final class MspReuse {
  private static final MspReuse NONE = new MspReuse(null, null, Map.of());

  private final MspVersion version;
  private final FabricRelease release;
  private final Map<MSPConfig, Msp> byConfig;

  private MspReuse(MspVersion version, FabricRelease release, Map<MSPConfig, Msp> byConfig) {
    this.version = version;
    this.release = release;
    this.byConfig = byConfig;
  }

  /** Nothing to reuse: every MSP is set up. */
  public static MspReuse none() {
    return NONE;
  }

  /** The MSPs of a loaded channel (which must have been loaded with the same setup options). */
  public static MspReuse from(Channel previous) {
    Objects.requireNonNull(previous, "previous");
    Map<MSPConfig, Msp> m = new HashMap<>();
    for (ChannelOrg o : previous.orgs()) {
      m.putIfAbsent(o.mspConfig(), o.msp());
    }
    return new MspReuse(previous.mspVersion(), previous.release(), Map.copyOf(m));
  }

  /**
   * The set-up MSP for this configuration at this version and the default Fabric release, if
   * there is one to reuse.
   */
  public Optional<Msp> find(MSPConfig config, MspVersion at) {
    return find(config, at, FabricRelease.defaultRelease());
  }

  /** The set-up MSP for this configuration at this version and release, if there is one. */
  public Optional<Msp> find(MSPConfig config, MspVersion at, FabricRelease in) {
    return at == version && in == release
        ? Optional.ofNullable(byConfig.get(config)) : Optional.empty();
  }

  @Override
  public String toString() {
    return "MspReuse[" + byConfig.size() + " MSPs at " + version + "]";
  }
}
