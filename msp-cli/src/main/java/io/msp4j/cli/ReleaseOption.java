package io.msp4j.cli;

import io.msp4j.channel.ChannelOptions;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;
import io.msp4j.x509.SetupOptions;
import java.util.Optional;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --fabric-release R}: the Fabric release whose verdicts a command gives (the spec's DELTA25
 * and Appendix F rules), any of v2.5.12 to v2.5.16, v3.0.0 and v3.1.0 to v3.1.5, or a line for its
 * newest; the newest release, 3.1.5, unless given. Mixed into the commands that set up MSPs or
 * load channels.
 */
final class ReleaseOption {
  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(
      names = "--fabric-release",
      paramLabel = "R",
      converter = Converter.class,
      description = "Give the verdicts of this Fabric release: 2.5.12..2.5.16, 3.0.0, "
          + "3.1.0..3.1.5, or a line (2.5 = 2.5.16, 3.0 = 3.0.0, 3.1 = 3.1.5); default: 3.1.5.")
  FabricRelease release;

  /** The release chosen, or the default. */
  FabricRelease release() {
    return release == null ? FabricRelease.defaultRelease() : release;
  }

  /** Whether {@code --msp-version} was written on the command line. */
  boolean mspVersionGiven() {
    return mixee.commandLine().getParseResult() != null
        && mixee.commandLine().getParseResult().hasMatchedOption("--msp-version");
  }

  /**
   * The MSP version to set a folder up at: {@code given} when {@code --msp-version} was written,
   * else the newest the release has (3.0, or 1.4.3 for v2.5).
   */
  MspVersion mspVersion(MspVersion given) {
    return mspVersionGiven() && given != null ? given : release().newestMspVersion();
  }

  /**
   * The usage problem of setting an MSP up at {@code version} with this release (DELTA25-01),
   * or empty.
   */
  Optional<String> conflict(MspVersion version) {
    if (version != null && !release().supports(version)) {
      return Optional.of("--msp-version " + version + " does not exist in Fabric v" + release()
          + " (its newest MSP version is " + release().newestMspVersion() + ") [DELTA25-01]");
    }
    return Optional.empty();
  }

  /** {@code options} for this release. */
  SetupOptions apply(SetupOptions options) {
    return options.withRelease(release());
  }

  /** Default channel-loading options for this release. */
  ChannelOptions channelOptions() {
    return ChannelOptions.defaults().withSetup(SetupOptions.defaults().withRelease(release()));
  }

  /** Parses {@code --fabric-release}; a bad value is a usage error. */
  static final class Converter implements ITypeConverter<FabricRelease> {
    @Override
    public FabricRelease convert(String value) {
      try {
        return FabricRelease.parse(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
