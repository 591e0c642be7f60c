package io.msp4j.cli;

import io.msp4j.config.MspFolders;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.ReadOptions;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.Msp;
import io.msp4j.core.MspVersion;
import io.msp4j.pkcs11.Pkcs11Token;
import io.msp4j.x509.SigningKeyStore;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.X509Msp;
import io.msp4j.x509.X509Msps;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options that say which MSP to load, shared by the commands that check identities. A local
 * MSP's key may be on a PKCS#11 token ({@code --bccsp}); the token stays open until {@link
 * #close()}.
 */
final class MspOptions implements AutoCloseable {
  @Mixin BccspOption bccsp = new BccspOption();

  @Mixin MspTypeOption type = new MspTypeOption();

  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  private Pkcs11Token token;

  @Option(names = "--msp-dir", required = true, paramLabel = "DIR", description = "The mspconfig folder.")
  Path mspDir;

  @Option(names = "--msp-id", required = true, paramLabel = "ID", description = "The MSP ID.")
  String mspId;

  @Option(
      names = "--msp-version",
      paramLabel = "V",
      defaultValue = "3.0",
      converter = VersionConverter.class,
      description = "MSP version: 1.0, 1.1, 1.3, 1.4.3 or 3.0 (default: ${DEFAULT-VALUE}; 1.4.3 where"
          + " --fabric-release 2.5 is given).")
  MspVersion version;

  @Option(
      names = "--local",
      description = "Read the folder as a local MSP (signcerts and keystore) instead of a channel MSP.")
  boolean local;

  /** Reads the folder and sets up the MSP; throws MspSetupException on failure. */
  Msp load() {
    return load(local);
  }

  /**
   * Reads the folder as a local MSP (signcerts and keystore; an idemix folder's signer),
   * whatever {@code --local} says.
   */
  Msp loadLocal() {
    return load(true);
  }

  private Msp load(boolean asLocal) {
    if (isIdemix()) {
      return IdemixFolderMsp.load(mspDir, mspId, versionGiven(), FabricRelease.defaultRelease());
    }
    if (asLocal && token == null) {
      token = bccsp.open().orElse(null);
    }
    return load(mspDir, mspId, version, asLocal, Optional.ofNullable(token).map(Pkcs11Token::keyStore));
  }

  /**
   * Reads the folder (a local one's key on the {@code --bccsp} token when given) and sets the MSP
   * up at {@code v}, following Fabric release {@code r}. An idemix folder is set up at the
   * version written on the command line, else at {@link IdemixFolderMsp#DEFAULT_VERSION}.
   */
  Msp load(MspVersion v, FabricRelease r) {
    if (isIdemix()) {
      return IdemixFolderMsp.load(mspDir, mspId, versionGiven(), r);
    }
    if (local && token == null) {
      token = bccsp.open().orElse(null);
    }
    return load(mspDir, mspId, v, local, Optional.ofNullable(token).map(Pkcs11Token::keyStore), r);
  }

  /** Whether the folder holds an idemix MSP ({@code --msp-type}, else its layout). */
  boolean isIdemix() {
    return type.idemix(mspDir);
  }

  /** The {@code --msp-version} written on the command line, or null. */
  private MspVersion versionGiven() {
    boolean given = mixee != null && mixee.commandLine() != null
        && mixee.commandLine().getParseResult() != null
        && mixee.commandLine().getParseResult().hasMatchedOption("--msp-version");
    return given ? version : null;
  }

  /** The token opened for {@code --bccsp}, if any. */
  Optional<Pkcs11Token> token() {
    return Optional.ofNullable(token);
  }

  /** Closes the token opened for {@code --bccsp}, if any. */
  @Override
  public void close() {
    if (token != null) {
      token.close();
      token = null;
    }
  }

  /** Reads a folder, as a local or a verifying MSP, and sets the MSP up at {@code version}. */
  static X509Msp load(Path dir, String id, MspVersion version, boolean asLocal) {
    return load(dir, id, version, asLocal, Optional.empty());
  }

  /**
   * Reads a folder and sets the MSP up; a local MSP's key is looked up in {@code keyStore} when
   * one is given (a PKCS#11 token's), else in the folder's {@code keystore}.
   */
  static X509Msp load(
      Path dir, String id, MspVersion version, boolean asLocal, Optional<SigningKeyStore> keyStore) {
    return load(dir, id, version, asLocal, keyStore, FabricRelease.defaultRelease());
  }

  /**
   * As {@link #load(Path, String, MspVersion, boolean, Optional)}, following Fabric release
   * {@code r}.
   */
  static X509Msp load(Path dir, String id, MspVersion version, boolean asLocal,
      Optional<SigningKeyStore> keyStore, FabricRelease r) {
    ReadOptions reading = ReadOptions.builder().release(r).build();
    MspFolderConfig read = asLocal
        ? MspFolders.readLocal(dir, id, reading) : MspFolders.readVerifying(dir, id, reading);
    MspFolderConfig folder = asLocal && keyStore.isPresent() ? read.withKeyStore(keyStore.get()) : read;
    SetupOptions options = SetupOptions.defaults().withKeyStore(folder.keyStore())
        .withSources(folder.sources()).withRelease(r);
    return X509Msps.setup(folder.mspConfig(), version, options);
  }

  /** Parses {@code --msp-version}; a bad value is a usage error. */
  static final class VersionConverter implements ITypeConverter<MspVersion> {
    @Override
    public MspVersion convert(String value) {
      return MspVersion.parse(value);
    }
  }
}
