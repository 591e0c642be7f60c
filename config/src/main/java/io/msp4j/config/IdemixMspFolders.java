package io.msp4j.config;

import io.msp4j.config.internal.IdemixFolderReader;
import java.nio.file.Path;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * Reads idemix MSP folders into the {@code MSPConfig} (type 1) that Fabric's GetIdemixMspConfig
 * produces for them, byte for byte (IDEMIX-FOLDER-01). The layout, as Fabric's idemix tools
 * write it:
 *
 * <ul>
 *   <li>{@code msp/IssuerPublicKey}: the issuer's public key (required);
 *   <li>{@code msp/RevocationPublicKey}: the revocation authority's public key, PEM (required);
 *   <li>{@code user/SignerConfig}: a member's credential and secret key (optional).
 * </ul>
 *
 * <p>The files are copied, not checked; {@code io.msp4j.idemix.IdemixMsps.setup} checks them.
 * {@link ReadOptions} bounds their sizes and refuses links out of the folder, as for X.509
 * folders. Every failure is an {@link io.msp4j.core.MspSetupException} naming the file.
 */
public final class IdemixMspFolders {
  private IdemixMspFolders() {}

  /** Whether {@code dir} has the idemix layout (a regular file {@code msp/IssuerPublicKey}). */
  public static boolean isIdemixFolder(Path dir) {
    Objects.requireNonNull(dir, "dir");
    return IdemixFolderReader.looksIdemix(dir);
  }

  /** {@link #read(Path, String, ReadOptions)} with the default options. */
  public static MSPConfig read(Path dir, String mspId) {
    return read(dir, mspId, ReadOptions.defaults());
  }

  /**
   * Reads the folder, with {@code user/SignerConfig} when present (the config of a local MSP
   * that signs).
   *
   * @param mspId used verbatim as the config's {@code name}
   */
  public static MSPConfig read(Path dir, String mspId, ReadOptions options) {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(mspId, "mspId");
    Objects.requireNonNull(options, "options");
    return IdemixFolderReader.read(dir, mspId, options).mspConfig();
  }

  /**
   * Whether the folder holds a signer ({@code user/SignerConfig} readable). A channel
   * configuration built from such a folder would carry the member's secret key, as configtxgen's
   * does; msp4j's channel builders leave the signer out.
   */
  public static boolean hasSigner(Path dir) {
    Objects.requireNonNull(dir, "dir");
    return IdemixFolderReader.read(dir, "", ReadOptions.defaults()).hasSigner();
  }
}
