package io.msp4j.cli;

import io.msp4j.pkcs11.SoftHsm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The files {@code --bccsp} tests hand to the command. */
final class HsmFiles {
  /** The label of the token the tests make. */
  static final String LABEL = "ForFabric";

  private HsmFiles() {}

  /** A peer's core.yaml whose BCCSP section names the SoftHSM2 token {@link #LABEL} with its PIN. */
  static Path coreYaml(SoftHsm hsm, Path dir) throws IOException {
    return Files.writeString(dir.resolve("core.yaml"), "peer:\n  BCCSP:\n    Default: PKCS11\n    PKCS11:\n"
        + "      Library: " + hsm.library() + "\n      Label: " + LABEL + "\n      Pin: " + SoftHsm.USER_PIN + "\n"
        + "      Hash: SHA2\n      Security: 256\n");
  }
}
