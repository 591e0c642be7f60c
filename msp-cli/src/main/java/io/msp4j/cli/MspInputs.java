package io.msp4j.cli;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ChannelOrg;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.IdemixMspFolders;
import io.msp4j.config.MspFolders;
import io.msp4j.config.ReadOptions;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.pkcs11.Pkcs11Token;
import io.msp4j.x509.ConfigSources;
import io.msp4j.x509.SetupOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options that say which MSPs {@code inspect} and {@code expiry} look at: one folder, or the
 * organisations of a channel configuration.
 */
final class MspInputs implements AutoCloseable {
  @ArgGroup(exclusive = true, multiplicity = "1")
  Source source;

  /** A folder or a channel configuration. */
  static final class Source {
    @Option(names = "--msp-dir", required = true, paramLabel = "DIR", description = "An mspconfig folder.")
    Path mspDir;

    @Option(names = "--block", required = true, paramLabel = "FILE",
        description = "A channel config block (or ConfigEnvelope, or Config): every organisation's MSP, "
            + "at the version the channel's capabilities imply.")
    Path block;
  }

  @Option(names = "--msp-id", paramLabel = "ID",
      description = "With --msp-dir, the MSP ID to name the folder's MSP by (default: the folder's path); "
          + "with --block, only the organisations of this MSP.")
  String mspId;

  @Mixin BccspOption bccsp = new BccspOption();

  @Mixin MspTypeOption mspType = new MspTypeOption();

  private Pkcs11Token token;

  /** Closes the token opened for {@code --bccsp}, if any. */
  @Override
  public void close() {
    if (token != null) {
      token.close();
      token = null;
    }
  }

  @Option(names = "--local",
      description = "With --msp-dir, read the folder as a node's local MSP: its signing certificate "
          + "(signcerts) is shown too, and the setup check looks for its key in keystore.")
  boolean local;

  /** One MSP configuration to look at, with what is known about where it came from. */
  record Loaded(
      String where, String mspId, MSPConfig config, ConfigSources sources, SetupOptions setup,
      Optional<MspVersion> version) {}

  /** The MSPs, and the channel they were read from when {@code --block} was given. */
  record Inputs(List<Loaded> msps, Optional<Channel> channel) {}

  /** Whether the options go together; the problem as a sentence, or empty. */
  Optional<String> problem() {
    if (source.block != null && local) {
      return Optional.of("--local goes with --msp-dir, not with --block");
    }
    return Optional.empty();
  }

  /**
   * Reads the MSPs.
   *
   * @throws io.msp4j.core.MspException when the folder cannot be read as an MSP, or the block
   *     cannot be loaded or has no MSP with the given ID
   */
  Inputs load() {
    return load(FabricRelease.defaultRelease());
  }

  /** As {@link #load()}, setting MSPs up and loading the channel as Fabric release {@code r}. */
  Inputs load(FabricRelease r) {
    if (source.block != null) {
      return fromBlock(r);
    }
    String id = mspId != null ? mspId : source.mspDir.toString();
    ReadOptions reading = ReadOptions.builder().release(r).build();
    if (mspType.idemix(source.mspDir)) {
      MSPConfig idemix = IdemixMspFolders.read(source.mspDir, id, reading);
      return new Inputs(List.of(new Loaded(source.mspDir.toString(), id, idemix, ConfigSources.none(),
          SetupOptions.defaults().withRelease(r), Optional.empty())), Optional.empty());
    }
    MspFolderConfig read = local
        ? MspFolders.readLocal(source.mspDir, id, reading)
        : MspFolders.readVerifying(source.mspDir, id, reading);
    MspFolderConfig folder = read;
    if (local) {
      if (token == null) {
        token = bccsp.open().orElse(null);
      }
      if (token != null) {
        folder = read.withKeyStore(token.keyStore());
      }
    }
    SetupOptions setup = SetupOptions.defaults().withKeyStore(folder.keyStore())
        .withSources(folder.sources()).withRelease(r);
    return new Inputs(List.of(new Loaded(source.mspDir.toString(), id, folder.mspConfig(),
        folder.sources(), setup, Optional.empty())), Optional.empty());
  }

  private Inputs fromBlock(FabricRelease r) {
    SetupOptions setup = SetupOptions.defaults().withRelease(r);
    Channel channel = BlockInput.load(source.block, ChannelOptions.defaults().withSetup(setup));
    List<Loaded> out = new ArrayList<>();
    for (ChannelOrg org : channel.orgs()) {
      if (mspId == null || mspId.equals(org.mspId())) {
        out.add(new Loaded(org.groupPath(), org.mspId(), org.mspConfig(), ConfigSources.none(),
            setup, Optional.of(channel.mspVersion())));
      }
    }
    if (out.isEmpty()) {
      throw new ChannelConfigException(Reason.UNKNOWN_MSP, "CHANNEL-MSP-01", source.block.toString(),
          "the channel has no MSP '" + mspId + "'; its MSP IDs are "
              + String.join(", ", channel.msps().keySet()));
    }
    return new Inputs(out, Optional.of(channel));
  }
}
