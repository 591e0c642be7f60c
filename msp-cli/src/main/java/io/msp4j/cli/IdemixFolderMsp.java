package io.msp4j.cli;

import io.msp4j.config.IdemixMspFolders;
import io.msp4j.config.ReadOptions;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;
import io.msp4j.idemix.IdemixMsp;
import io.msp4j.idemix.IdemixMsps;
import java.nio.file.Path;

/** Sets up the idemix MSP of a folder for the commands that take {@code --msp-dir}. */
final class IdemixFolderMsp {
  private IdemixFolderMsp() {}

  /**
   * The version an idemix folder is set up at when {@code --msp-version} is not given: 1.4.3,
   * the newest at which Fabric has idemix (IDEMIX-VER-01), whatever the release.
   */
  static final MspVersion DEFAULT_VERSION = MspVersion.V1_4_3;

  /**
   * Reads and sets up the folder ({@code user/SignerConfig} included when present).
   *
   * @param given the version written on the command line, or null for {@link #DEFAULT_VERSION}
   * @throws io.msp4j.core.MspSetupException when it cannot be read or set up
   */
  static IdemixMsp load(Path dir, String mspId, MspVersion given, FabricRelease release) {
    ReadOptions reading = ReadOptions.builder().release(release).build();
    return IdemixMsps.setup(IdemixMspFolders.read(dir, mspId, reading),
        given != null ? given : DEFAULT_VERSION, release);
  }
}
