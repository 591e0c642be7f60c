package io.msp4j.config.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.config.ReadOptions;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import java.io.IOException;
import java.nio.file.Path;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * Reads an idemix MSP folder as Fabric's GetIdemixMspConfig does (IDEMIX-FOLDER-01):
 * {@code msp/IssuerPublicKey} and {@code msp/RevocationPublicKey} required and copied verbatim,
 * {@code user/SignerConfig} parsed and kept when it can be read (any read failure means no
 * signer; an empty file is an empty signer). Nothing is checked here: setup does that.
 */
public final class IdemixFolderReader {
  public static final String ISSUER_PUBLIC_KEY = "msp/IssuerPublicKey";
  public static final String REVOCATION_PUBLIC_KEY = "msp/RevocationPublicKey";
  public static final String SIGNER_CONFIG = "user/SignerConfig";
  private static final String RULE = "IDEMIX-FOLDER-01";
  private static final int IDEMIX_TYPE = 1;

  private IdemixFolderReader() {}

  /** The configuration and whether the folder had a signer. */
  public record Result(MSPConfig mspConfig, boolean hasSigner) {}

  /** Whether {@code dir} has the idemix layout: a regular {@code msp/IssuerPublicKey}. */
  public static boolean looksIdemix(Path dir) {
    FolderFiles probe = new FolderFiles(dir.normalize(), dir.normalize(), Long.MAX_VALUE, true);
    return probe.stat(dir.normalize().resolve(ISSUER_PUBLIC_KEY)) == FolderFiles.Kind.REGULAR;
  }

  public static Result read(Path dir, String mspId, ReadOptions options) {
    FolderFiles files = FolderReader.open(dir, options);
    byte[] ipk = required(files, ISSUER_PUBLIC_KEY, "issuer public key");
    byte[] revocation = required(files, REVOCATION_PUBLIC_KEY, "revocation public key");
    IdemixMSPConfig.Builder conf = IdemixMSPConfig.newBuilder()
        .setName(mspId)
        .setIpk(ByteString.copyFrom(ipk))
        .setRevocationPk(ByteString.copyFrom(revocation));
    byte[] signer = optional(files, SIGNER_CONFIG);
    if (signer != null) {
      try {
        conf.setSigner(IdemixMSPSignerConfig.parseFrom(signer));
      } catch (InvalidProtocolBufferException e) {
        throw new MspSetupException(Reason.CONFIG_UNDECODABLE, RULE,
            SIGNER_CONFIG + ": not an IdemixMSPSignerConfig protobuf: " + e.getMessage(), e);
      }
    }
    MSPConfig config = MSPConfig.newBuilder().setType(IDEMIX_TYPE)
        .setConfig(conf.build().toByteString()).build();
    return new Result(config, signer != null);
  }

  private static byte[] required(FolderFiles files, String rel, String what) {
    Path p = files.root().resolve(rel);
    files.checkInside(p, rel, RULE);
    switch (files.stat(p)) {
      case REGULAR -> { }
      case MISSING -> throw new MspSetupException(Reason.FOLDER_MISSING, RULE,
          rel + ": the " + what + " file is missing (an idemix MSP folder holds msp/IssuerPublicKey"
              + " and msp/RevocationPublicKey)");
      default -> throw new MspSetupException(Reason.FILE_UNREADABLE, RULE,
          rel + ": the " + what + " is not a readable file");
    }
    try {
      return files.read(p, rel, RULE);
    } catch (IOException e) {
      throw new MspSetupException(Reason.FILE_UNREADABLE, RULE,
          rel + ": the " + what + " cannot be read: " + e.getMessage(), e);
    }
  }

  /** The file's bytes, or null when Fabric's read of it would fail (no signer then). */
  private static byte[] optional(FolderFiles files, String rel) {
    Path p = files.root().resolve(rel);
    if (files.stat(p) != FolderFiles.Kind.REGULAR) {
      return null;
    }
    files.checkInside(p, rel, RULE);
    try {
      return files.read(p, rel, RULE);
    } catch (IOException e) {
      return null;
    }
  }
}
