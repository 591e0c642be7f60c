package io.msp4j.testdata.idemix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Writes one idemix MSP folder in the layout Fabric's idemix MSP reads (IDEMIX-FOLDER-01):
 * {@code msp/IssuerPublicKey}, {@code msp/RevocationPublicKey} and, for a signer,
 * {@code user/SignerConfig}; nothing else. Existing files are never overwritten.
 */
public final class IdemixMspFolder {
  /** The folder of the organisation's public material. */
  public static final String MSP = "msp";
  /** The folder of the signer's configuration. */
  public static final String USER = "user";
  /** The serialized issuer public key, in {@link #MSP}. */
  public static final String ISSUER_PUBLIC_KEY = "IssuerPublicKey";
  /** The PEM revocation public key, in {@link #MSP}. */
  public static final String REVOCATION_PUBLIC_KEY = "RevocationPublicKey";
  /** The serialized {@code IdemixMSPSignerConfig}, in {@link #USER}. */
  public static final String SIGNER_CONFIG = "SignerConfig";

  private IdemixMspFolder() {}

  /**
   * Writes a verification-only folder: {@code dir/msp/IssuerPublicKey} and
   * {@code dir/msp/RevocationPublicKey}.
   *
   * @return {@code dir}
   * @throws UncheckedIOException if a file exists already or cannot be written
   */
  public static Path writeVerifier(Path dir, byte[] issuerPublicKey, byte[] revocationPublicKeyPem) {
    Objects.requireNonNull(dir, "dir");
    write(dir.resolve(MSP).resolve(ISSUER_PUBLIC_KEY), Objects.requireNonNull(issuerPublicKey, "issuerPublicKey"));
    write(dir.resolve(MSP).resolve(REVOCATION_PUBLIC_KEY),
        Objects.requireNonNull(revocationPublicKeyPem, "revocationPublicKeyPem"));
    return dir;
  }

  /**
   * Writes a signer's folder: the verification-only files and {@code dir/user/SignerConfig}.
   *
   * @return {@code dir}
   * @throws UncheckedIOException if a file exists already or cannot be written
   */
  public static Path writeSigner(Path dir, byte[] issuerPublicKey, byte[] revocationPublicKeyPem, byte[] signerConfig) {
    Objects.requireNonNull(signerConfig, "signerConfig");
    writeVerifier(dir, issuerPublicKey, revocationPublicKeyPem);
    write(dir.resolve(USER).resolve(SIGNER_CONFIG), signerConfig);
    return dir;
  }

  private static void write(Path file, byte[] content) {
    try {
      Files.createDirectories(file.getParent());
      Files.write(file, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
