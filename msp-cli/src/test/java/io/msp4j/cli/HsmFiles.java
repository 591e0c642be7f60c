package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.pkcs11.SoftHsm;
import io.msp4j.pkcs11.TokenImport;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

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

  /**
   * A copy, in {@code dir}, of the identity's local MSP whose key is on the token only: the key is
   * imported as Fabric leaves keys (CKA_ID = SKI, CKA_LABEL = hex SKI, no certificate object) and
   * the copy's {@code keystore/} is left empty, so that nothing but the token can sign for it.
   */
  static Path onTokenOnly(SoftHsm hsm, Path dir, GeneratedIdentity id) throws Exception {
    Path msp = dir.resolve(id.commonName() + "-msp");
    try (Stream<Path> files = Files.walk(id.mspDir())) {
      for (Path p : (Iterable<Path>) files::iterator) {
        Path to = msp.resolve(id.mspDir().relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else if (!p.getParent().getFileName().toString().equals("keystore")) {
          Files.copy(p, to);
        }
      }
    }
    TokenImport.ecKeyPair(hsm.settings(LABEL).build(), id.certificate().keyPair());
    assertThat(msp.resolve("keystore")).isEmptyDirectory();
    return msp;
  }
}
