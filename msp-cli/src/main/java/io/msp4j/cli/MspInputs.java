package io.msp4j.cli;

import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspVersion;
import io.msp4j.x509.ConfigSources;
import io.msp4j.x509.SetupOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import picocli.CommandLine.Option;

/** The options that say which MSPs {@code inspect} and {@code expiry} look at. */
final class MspInputs {
  @Option(names = "--msp-dir", required = true, paramLabel = "DIR", description = "An mspconfig folder.")
  Path mspDir;

  @Option(names = "--msp-id", paramLabel = "ID",
      description = "The MSP ID to name the folder's MSP by (default: the folder's path).")
  String mspId;

  @Option(names = "--local",
      description =
          "Read the folder as a node's local MSP: its signing certificate (signcerts) is "
              + "shown too, and the setup check looks for its key in keystore.")
  boolean local;

  /** One MSP configuration to look at, with what is known about where it came from. */
  record Loaded(
      String where, String mspId, MSPConfig config, ConfigSources sources, SetupOptions setup,
      Optional<MspVersion> version) {}

  /**
   * Reads the MSPs.
   *
   * @throws io.msp4j.core.MspSetupException when the folder cannot be read as an MSP
   */
  List<Loaded> load() {
    String id = mspId != null ? mspId : mspDir.toString();
    MspFolderConfig folder = local ? MspFolders.readLocal(mspDir, id) : MspFolders.readVerifying(mspDir, id);
    SetupOptions setup =
        SetupOptions.defaults().withKeyStore(folder.keyStore()).withSources(folder.sources());
    return List.of(new Loaded(
        mspDir.toString(), id, folder.mspConfig(), folder.sources(), setup, Optional.empty()));
  }
}
