package io.msp4j.config;

import io.msp4j.config.internal.FolderReader;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Reads {@code mspconfig} folders (spec section 2) into the {@code MSPConfig} that Fabric's own
 * reader produces for them, byte for byte.
 *
 * <p>Two variants, as in Fabric:
 *
 * <ul>
 *   <li>{@link #readVerifying}: what a channel MSP or {@code configtxgen} reads. {@code cacerts}
 *       (required), {@code admincerts}, {@code intermediatecerts}, {@code tlscacerts},
 *       {@code tlsintermediatecerts}, {@code crls} and {@code config.yaml}; no signing identity.
 *   <li>{@link #readLocal}: a node's own MSP. Additionally {@code signcerts} (required, its first
 *       file becomes the signing certificate) and the {@code keystore} folder, offered as a
 *       {@link io.msp4j.x509.SigningKeyStore} for setup to find the private key in.
 * </ul>
 *
 * <p>Reading follows Fabric: files sorted by name, links followed, sub-folders and files without a
 * PEM block skipped, each file's whole content kept. Beyond Fabric, and without changing a
 * verdict on ordinary folders, {@link ReadOptions} bounds file sizes and refuses links or paths
 * that lead outside the folder.
 *
 * <p>Every failure is an {@link io.msp4j.core.MspSetupException} carrying the reason, the spec
 * rule and the file at fault, relative to the folder (such as {@code cacerts: folder is missing}
 * or {@code config.yaml:7: NodeOUs.Enable must be a boolean, got string "true"}).
 */
public final class MspFolders {

  private MspFolders() {}

  /** Reads a verifying MSP configuration with the default {@link ReadOptions}. */
  public static MspFolderConfig readVerifying(Path dir, String mspId) {
    return readVerifying(dir, mspId, ReadOptions.defaults());
  }

  /**
   * Reads a verifying MSP configuration (Fabric's GetVerifyingMspConfig): no {@code signcerts},
   * no {@code keystore}.
   *
   * @param dir the MSP folder
   * @param mspId the MSP ID, used verbatim as the config's {@code name}
   * @throws io.msp4j.core.MspSetupException when the folder cannot be read as an MSP
   */
  public static MspFolderConfig readVerifying(Path dir, String mspId, ReadOptions options) {
    check(dir, mspId, options);
    FolderReader.Result r = FolderReader.read(dir, mspId, false, options);
    return MspFolderConfig.of(dir, r.mspConfig(), r.keyStore(), r.sources(), false);
  }

  /** Reads a local (signing) MSP configuration with the default {@link ReadOptions}. */
  public static MspFolderConfig readLocal(Path dir, String mspId) {
    return readLocal(dir, mspId, ReadOptions.defaults());
  }

  /**
   * Reads a local (signing) MSP configuration (Fabric's GetLocalMspConfig): the first
   * {@code signcerts} file becomes {@code signing_identity.public_signer}; no private key is put
   * in the config ({@code private_signer} unset); the key is looked up in
   * {@link MspFolderConfig#keyStore()} by the certificate's SKI.
   *
   * @throws io.msp4j.core.MspSetupException when the folder cannot be read as a local MSP
   */
  public static MspFolderConfig readLocal(Path dir, String mspId, ReadOptions options) {
    check(dir, mspId, options);
    FolderReader.Result r = FolderReader.read(dir, mspId, true, options);
    return MspFolderConfig.of(dir, r.mspConfig(), r.keyStore(), r.sources(), true);
  }

  private static void check(Path dir, String mspId, ReadOptions options) {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(mspId, "mspId");
    Objects.requireNonNull(options, "options");
  }
}
