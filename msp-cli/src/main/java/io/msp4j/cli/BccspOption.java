package io.msp4j.cli;

import io.msp4j.config.bccsp.BccspConfig;
import io.msp4j.config.bccsp.BccspConfigs;
import io.msp4j.pkcs11.Pkcs11Token;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --bccsp FILE}: where a local MSP's signing key is, in Fabric's own form (a core.yaml, an
 * orderer.yaml, or a file with a top-level {@code BCCSP} key; docs/hsm.md). A reusable mixin for
 * every command that loads a local MSP.
 */
final class BccspOption {
  @Option(
      names = "--bccsp",
      paramLabel = "FILE",
      description = "Fabric's BCCSP settings for the local MSP's key: a core.yaml (peer.BCCSP), an"
          + " orderer.yaml (General.BCCSP) or a file with a top-level BCCSP key. With Default: PKCS11"
          + " the key is found on the PKCS#11 token as Fabric finds it; Default: SW means key files.")
  Path file;

  /**
   * Opens the token the file names, if it names one; the caller closes it.
   *
   * @throws io.msp4j.core.MspSetupException when the file is invalid or the token cannot be used
   *     (P11-01)
   */
  Optional<Pkcs11Token> open() {
    if (file == null) {
      return Optional.empty();
    }
    BccspConfig config = BccspConfigs.read(file);
    if (config instanceof BccspConfig.Pkcs11 p) {
      return Optional.of(Pkcs11Token.open(p.settings()));
    }
    return Optional.empty();
  }
}
