package io.msp4j.config;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.x509.ConfigSources;
import io.msp4j.x509.SigningKeyStore;
import io.msp4j.x509.internal.msp.FabricConfigParse;
import java.nio.file.Path;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * What was read from an {@code mspconfig} folder: the {@link MSPConfig} Fabric's reader would
 * produce for it (type 0, config = FabricMSPConfig bytes, byte for byte as Fabric marshals it),
 * the folder it came from, and, for a local MSP, the key store over its {@code keystore} folder.
 *
 * <p>Immutable. Obtain one from {@link MspFolders}.
 */
public final class MspFolderConfig {

  private final Path dir;
  private final MSPConfig mspConfig;
  private final FabricMSPConfig fabricConfig;
  private final SigningKeyStore keyStore;
  private final ConfigSources sources;
  private final boolean local;

  private MspFolderConfig(
      Path dir, MSPConfig mspConfig, FabricMSPConfig fabricConfig, SigningKeyStore keyStore,
      ConfigSources sources, boolean local) {
    this.dir = dir;
    this.mspConfig = mspConfig;
    this.fabricConfig = fabricConfig;
    this.keyStore = keyStore;
    this.sources = sources;
    this.local = local;
  }

  static MspFolderConfig of(
      Path dir, MSPConfig mspConfig, SigningKeyStore keyStore, ConfigSources sources, boolean local) {
    try {
      return new MspFolderConfig(
          Objects.requireNonNull(dir),
          Objects.requireNonNull(mspConfig),
          // Shares the config bytes: no second copy of a large CRL kept beside them.
          FabricConfigParse.aliasing(mspConfig.getConfig()),
          Objects.requireNonNull(keyStore),
          Objects.requireNonNull(sources),
          local);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException("produced an undecodable FabricMSPConfig", e);
    }
  }

  /**
   * The file each configuration entry was read from (such as {@code cacerts/ca.pem} for
   * {@code root_certs[0]}), for setup error messages: pass it to
   * {@link io.msp4j.x509.SetupOptions#withSources}.
   */
  public ConfigSources sources() {
    return sources;
  }

  /** The folder that was read, as given by the caller. */
  public Path dir() {
    return dir;
  }

  /** The MSP configuration: type 0 (FABRIC) and the FabricMSPConfig bytes. */
  public MSPConfig mspConfig() {
    return mspConfig;
  }

  /** The decoded FabricMSPConfig (the same content as {@code mspConfig().getConfig()}). */
  public FabricMSPConfig fabricConfig() {
    return fabricConfig;
  }

  /** The MSP ID the configuration was built with. */
  public String mspId() {
    return fabricConfig.getName();
  }

  /**
   * Whether this is a local (signing) MSP: {@code signcerts} was read and
   * {@code signing_identity.public_signer} is set.
   */
  public boolean isLocal() {
    return local;
  }

  /**
   * The key store over the folder's {@code keystore} sub-folder (FOLDER-10), read lazily when a
   * key is looked up. For a verifying configuration, and when the local folder has no
   * {@code keystore}, it holds nothing.
   */
  public SigningKeyStore keyStore() {
    return keyStore;
  }

  /**
   * This configuration with the signing key looked up in {@code store} instead of the folder's
   * {@code keystore}: a PKCS#11 token's key store (spec P11-02), whose {@code keystore} folder is
   * empty as Fabric leaves it.
   */
  public MspFolderConfig withKeyStore(SigningKeyStore store) {
    return new MspFolderConfig(dir, mspConfig, fabricConfig, Objects.requireNonNull(store, "store"), sources, local);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MspFolderConfig c
        && c.dir.equals(dir)
        && c.mspConfig.equals(mspConfig)
        && c.local == local;
  }

  @Override
  public int hashCode() {
    return Objects.hash(dir, mspConfig, local);
  }

  @Override
  public String toString() {
    return "MspFolderConfig{dir=" + dir + ", mspId=" + mspId() + ", local=" + local
        + ", rootCerts=" + fabricConfig.getRootCertsCount()
        + ", intermediateCerts=" + fabricConfig.getIntermediateCertsCount()
        + ", admins=" + fabricConfig.getAdminsCount()
        + ", crls=" + fabricConfig.getRevocationListCount()
        + ", tlsRootCerts=" + fabricConfig.getTlsRootCertsCount()
        + ", ouIdentifiers=" + fabricConfig.getOrganizationalUnitIdentifiersCount()
        + ", nodeOUs=" + fabricConfig.hasFabricNodeOus() + "}";
  }
}
