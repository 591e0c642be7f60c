package io.msp4j.config.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import io.msp4j.config.ReadOptions;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspSetupException;
import io.msp4j.x509.internal.msp.SetupSummary;
import io.msp4j.core.internal.pem.GoPem;
import io.msp4j.core.Reason;
import io.msp4j.x509.ConfigSources;
import io.msp4j.x509.SigningKeyStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hyperledger.fabric.protos.msp.FabricCryptoConfig;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.msp.SigningIdentityInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads an {@code mspconfig} folder into an {@link MSPConfig} exactly as Fabric's folder reader
 * does (spec section 2.1, FOLDER-01..10; config.yaml in {@link ConfigYaml}).
 */
public final class FolderReader {
  private static final Logger LOG = LoggerFactory.getLogger(FolderReader.class);

  /** The result: the MSP config and, for a local MSP, the key store. */
  public record Result(MSPConfig mspConfig, SigningKeyStore keyStore, ConfigSources sources) {}

  static final String CACERTS = "cacerts";
  static final String ADMINCERTS = "admincerts";
  static final String INTERMEDIATECERTS = "intermediatecerts";
  static final String CRLS = "crls";
  static final String TLSCACERTS = "tlscacerts";
  static final String TLSINTERMEDIATECERTS = "tlsintermediatecerts";
  static final String SIGNCERTS = "signcerts";
  static final String KEYSTORE = "keystore";
  static final String CONFIG_YAML = "config.yaml";

  /** Fabric's FABRIC provider type. */
  static final int FABRIC = 0;

  private final FolderFiles files;
  private final ReadOptions options;

  private FolderReader(FolderFiles files, ReadOptions options) {
    this.files = files;
    this.options = options;
  }

  /**
   * Reads the folder.
   *
   * @param local whether to read it as a local (signing) MSP
   */
  public static Result read(Path dir, String mspId, boolean local, ReadOptions options) {
    FolderFiles files = open(dir, options);
    Result result = new FolderReader(files, options).read(mspId, local);
    if (LOG.isDebugEnabled()) {
      LOG.debug("read {} as the {} MSP {}: {}", files.root(), local ? "local" : "verifying", mspId,
          SetupSummary.of(result.mspConfig()));
    }
    return result;
  }

  /** The folder checked to be a readable directory, with the options' limits. */
  static FolderFiles open(Path dir, ReadOptions options) {
    Path root = dir.normalize();
    FolderFiles probe = new FolderFiles(root, root, options.maxFileSize(), true);
    switch (probe.stat(root)) {
      case MISSING -> throw new MspSetupException(
          Reason.FOLDER_MISSING, "FOLDER-01", root + ": MSP folder does not exist");
      case DIRECTORY -> { }
      case UNREADABLE -> throw new MspSetupException(
          Reason.FILE_UNREADABLE, "FOLDER-01", root + ": MSP folder cannot be read");
      default -> throw new MspSetupException(
          Reason.FOLDER_NOT_A_DIRECTORY, "FOLDER-01", root + ": MSP folder is not a directory");
    }
    Path rootReal;
    try {
      rootReal = root.toRealPath();
    } catch (IOException e) {
      throw new MspSetupException(
          Reason.FILE_UNREADABLE, "FOLDER-01", root + ": MSP folder cannot be resolved", e);
    }
    return new FolderFiles(root, rootReal, options.maxFileSize(), options.followLinksOutsideFolder(),
        options.maxFilesPerFolder(), options.maxTotalBytes());
  }

  /** Which file each configuration entry came from (FabricMSPConfig field name to file names). */
  private final Map<String, List<String>> sources = new HashMap<>();

  private Result read(String mspId, boolean local) {
    SigningKeyStore keyStore = SigningKeyStore.empty();
    SigningIdentityInfo signer = null;
    if (local) {
      keyStore = openKeyStore();
      List<ByteString> signcerts = readPemFolder(SIGNCERTS, "signing_identity.public_signer");
      if (signcerts == null) {
        throw new MspSetupException(
            Reason.SIGNCERTS_MISSING, "FOLDER-09", SIGNCERTS + ": folder is missing");
      }
      if (signcerts.isEmpty()) {
        throw new MspSetupException(
            Reason.SIGNCERTS_MISSING, "FOLDER-09",
            SIGNCERTS + ": no file with a PEM block (a local MSP needs its signing certificate); "
                + EmptyFolderText.signcerts(options.release()));
      }
      signer = SigningIdentityInfo.newBuilder().setPublicSigner(signcerts.get(0)).build();
    }

    List<ByteString> cacerts = readPemFolder(CACERTS, "root_certs");
    if (cacerts == null) {
      throw new MspSetupException(Reason.FOLDER_MISSING, "FOLDER-04", CACERTS + ": folder is missing");
    }
    if (cacerts.isEmpty()) {
      throw new MspSetupException(
          Reason.FOLDER_EMPTY, "FOLDER-04", CACERTS + ": no file with a PEM block; "
              + EmptyFolderText.cacerts(options.release()));
    }
    List<ByteString> admincerts = orEmpty(readPemFolder(ADMINCERTS, "admins"));
    List<ByteString> intermediates = orEmpty(readPemFolder(INTERMEDIATECERTS, "intermediate_certs"));
    List<ByteString> tlsCaCerts = orEmpty(readPemFolder(TLSCACERTS, "tls_root_certs"));
    List<ByteString> tlsIntermediates = List.of();
    if (!tlsCaCerts.isEmpty()) {
      tlsIntermediates = orEmpty(readPemFolder(TLSINTERMEDIATECERTS, "tls_intermediate_certs"));
    } else if (files.stat(files.root().resolve(TLSINTERMEDIATECERTS)) == FolderFiles.Kind.DIRECTORY) {
      LOG.warn("{}: not read because {} holds no certificate [FOLDER-06]",
          files.root().resolve(TLSINTERMEDIATECERTS), TLSCACERTS);
    }
    List<ByteString> crls = orEmpty(readPemFolder(CRLS, "revocation_list"));

    FabricMSPConfig.Builder config = FabricMSPConfig.newBuilder().setName(mspId);
    config.addAllRootCerts(cacerts);
    config.addAllIntermediateCerts(intermediates);
    config.addAllAdmins(admincerts);
    config.addAllRevocationList(crls);
    if (signer != null) {
      config.setSigningIdentity(signer);
    }
    new ConfigYamlReader(files, sources, options.release()).apply(config);
    config.setCryptoConfig(
        FabricCryptoConfig.newBuilder()
            .setSignatureHashFamily("SHA2")
            .setIdentityIdentifierHashFunction("SHA256"));
    config.addAllTlsRootCerts(tlsCaCerts);
    config.addAllTlsIntermediateCerts(tlsIntermediates);

    MSPConfig msp =
        MSPConfig.newBuilder().setType(FABRIC).setConfig(config.build().toByteString()).build();
    return new Result(msp, keyStore, ConfigSources.of(sources));
  }

  /**
   * FOLDER-02/03: the usable files of a sub-folder in name order, or null when it is missing.
   */
  private List<ByteString> readPemFolder(String name, String field) {
    Path dir = files.root().resolve(name);
    switch (files.stat(dir)) {
      case MISSING:
        return null;
      case DIRECTORY:
        break;
      case UNREADABLE:
        throw new MspSetupException(
            Reason.FILE_UNREADABLE, "FOLDER-03", name + ": folder cannot be read");
      default:
        throw new MspSetupException(
            Reason.FOLDER_NOT_A_DIRECTORY, "FOLDER-03", name + ": exists but is not a directory");
    }
    files.checkInside(dir, name, "FOLDER-02");
    List<String> names;
    try {
      names = files.list(dir);
    } catch (IOException | SecurityException e) {
      throw new MspSetupException(
          Reason.FILE_UNREADABLE, "FOLDER-03", name + ": folder cannot be listed", e);
    }
    List<ByteString> out = new ArrayList<>();
    for (String entry : names) {
      Path f = dir.resolve(entry);
      String shown = name + "/" + entry;
      if (files.stat(f) != FolderFiles.Kind.REGULAR) {
        continue; // directories, dangling links, loops, devices: skipped (FOLDER-02)
      }
      files.checkInside(f, shown, "FOLDER-02");
      byte[] content;
      try {
        content = files.read(f, shown, "FOLDER-02");
      } catch (IOException | SecurityException e) {
        LOG.warn("{}: skipped, cannot be read ({}) [FOLDER-02]", files.root().resolve(shown), e.toString());
        continue;
      }
      if (!GoPem.containsBlock(content)) {
        LOG.warn("{}: skipped, holds no PEM block [FOLDER-02]", files.root().resolve(shown));
        continue;
      }
      out.add(UnsafeByteOperations.unsafeWrap(content)); // read just now, shared with no one
      sources.computeIfAbsent(field, k -> new ArrayList<>()).add(shown);
    }
    return out;
  }

  private SigningKeyStore openKeyStore() {
    Path dir = files.root().resolve(KEYSTORE);
    switch (files.stat(dir)) {
      case MISSING:
        return SigningKeyStore.empty();
      case DIRECTORY:
        break;
      case UNREADABLE:
        throw new MspSetupException(
            Reason.FILE_UNREADABLE, "FOLDER-10", KEYSTORE + ": folder cannot be read");
      default:
        throw new MspSetupException(
            Reason.FOLDER_NOT_A_DIRECTORY, "FOLDER-10",
            KEYSTORE + ": exists but is not a directory");
    }
    files.checkInside(dir, KEYSTORE, "FOLDER-10");
    return new FolderKeyStore(files, dir, KEYSTORE);
  }

  private static List<ByteString> orEmpty(List<ByteString> l) {
    return l == null ? List.of() : l;
  }

  /** CFGYAML-01..06: organizational_unit_identifiers and fabric_node_ous from config.yaml. */
  private static final class ConfigYamlReader {
    private final FolderFiles files;
    private final Map<String, List<String>> sources;
    private final FabricRelease release;

    ConfigYamlReader(FolderFiles files, Map<String, List<String>> sources, FabricRelease release) {
      this.files = files;
      this.sources = sources;
      this.release = release;
    }

    void apply(FabricMSPConfig.Builder config) {
      Path p = files.root().resolve(CONFIG_YAML);
      FolderFiles.Kind kind = files.stat(p);
      if (kind == FolderFiles.Kind.MISSING || kind == FolderFiles.Kind.UNREADABLE) {
        return; // Fabric treats any failure to stat the file as "no config.yaml"
      }
      files.checkInside(p, CONFIG_YAML, "CFGYAML-01");
      if (kind != FolderFiles.Kind.REGULAR) {
        throw new MspSetupException(
            Reason.FILE_UNREADABLE, "CFGYAML-01", CONFIG_YAML + ": is not a regular file");
      }
      byte[] raw;
      try {
        raw = files.read(p, CONFIG_YAML, "CFGYAML-01");
      } catch (IOException | SecurityException e) {
        throw new MspSetupException(
            Reason.FILE_UNREADABLE, "CFGYAML-01", CONFIG_YAML + ": cannot be read", e);
      }
      ConfigYaml.Content content = ConfigYaml.parse(raw, CONFIG_YAML, release);

      int i = 0;
      for (ConfigYaml.OuEntry e : content.organizationalUnitIdentifiers()) {
        String field = "OrganizationalUnitIdentifiers[" + i + "].Certificate";
        byte[] cert = readRequired(e, field);
        sources.computeIfAbsent("organizational_unit_identifiers", k -> new ArrayList<>())
            .add(CONFIG_YAML + ":" + e.line());
        config.addOrganizationalUnitIdentifiers(
            FabricOUIdentifier.newBuilder()
                .setCertificate(ByteString.copyFrom(cert))
                .setOrganizationalUnitIdentifier(e.organizationalUnitIdentifier()));
        i++;
      }

      Optional<ConfigYaml.NodeOus> nodeOus = content.nodeOus();
      if (nodeOus.isPresent() && nodeOus.get().enable()) {
        ConfigYaml.NodeOus n = nodeOus.get();
        FabricNodeOUs.Builder b = FabricNodeOUs.newBuilder().setEnable(true);
        FabricOUIdentifier client = nodeOu(n.client(), "NodeOUs.ClientOUIdentifier", "client");
        FabricOUIdentifier peer = nodeOu(n.peer(), "NodeOUs.PeerOUIdentifier", "peer");
        FabricOUIdentifier admin = nodeOu(n.admin(), "NodeOUs.AdminOUIdentifier", "admin");
        FabricOUIdentifier orderer = nodeOu(n.orderer(), "NodeOUs.OrdererOUIdentifier", "orderer");
        if (client != null) {
          b.setClientOuIdentifier(client);
        }
        if (peer != null) {
          b.setPeerOuIdentifier(peer);
        }
        if (admin != null) {
          b.setAdminOuIdentifier(admin);
        }
        if (orderer != null) {
          b.setOrdererOuIdentifier(orderer);
        }
        config.setFabricNodeOus(b);
      }
    }

    /** CFGYAML-03/04: the file must be readable; its raw bytes are used unchecked. */
    private byte[] readRequired(ConfigYaml.OuEntry e, String field) {
      String where = CONFIG_YAML + ":" + e.line() + ": " + field;
      Path p = joined(e.certificate(), where, "CFGYAML-04")
          .orElseThrow(() -> new MspSetupException(
              Reason.FILE_UNREADABLE, "CFGYAML-04",
              where + ": \"" + e.certificate() + "\" is not a valid path"));
      String shown = files.shown(p);
      FolderFiles.Kind kind = files.stat(p);
      if (kind == FolderFiles.Kind.MISSING) {
        throw new MspSetupException(
            Reason.FILE_UNREADABLE, "CFGYAML-04", where + ": " + shown + " does not exist");
      }
      files.checkInside(p, where + ": " + shown, "CFGYAML-03");
      if (kind != FolderFiles.Kind.REGULAR) {
        throw new MspSetupException(
            Reason.FILE_UNREADABLE, "CFGYAML-04",
            where + ": " + shown + " is not a readable file");
      }
      try {
        return files.read(p, where + ": " + shown, "CFGYAML-04");
      } catch (IOException | SecurityException ex) {
        throw new MspSetupException(
            Reason.FILE_UNREADABLE, "CFGYAML-04", where + ": " + shown + " cannot be read", ex);
      }
    }

    /**
     * CFGYAML-06: emitted only with a non-empty OU string; a certificate that cannot be read is
     * silently left out.
     */
    private FabricOUIdentifier nodeOu(ConfigYaml.OuEntry e, String field, String role) {
      if (e == null || e.organizationalUnitIdentifier().isEmpty()) {
        return null;
      }
      sources.put("fabric_node_ous." + role + "_ou_identifier",
          List.of(CONFIG_YAML + ":" + e.line() + " (" + field + ")"));
      FabricOUIdentifier.Builder b =
          FabricOUIdentifier.newBuilder()
              .setOrganizationalUnitIdentifier(e.organizationalUnitIdentifier());
      if (!e.certificate().isEmpty()) {
        String where = CONFIG_YAML + ":" + e.line() + ": " + field + ".Certificate";
        Optional<Path> p = joined(e.certificate(), where, "CFGYAML-06");
        if (p.isPresent() && files.stat(p.get()) == FolderFiles.Kind.REGULAR) {
          String shown = files.shown(p.get());
          files.checkInside(p.get(), where + ": " + shown, "CFGYAML-03");
          try {
            b.setCertificate(ByteString.copyFrom(files.read(p.get(), where + ": " + shown,
                "CFGYAML-06")));
          } catch (IOException | SecurityException ex) {
            LOG.warn("{}: {} cannot be read; the {} NodeOU is kept without a certificate [CFGYAML-06]",
                where, shown, role);
          }
        } else {
          LOG.warn("{}: {} is not a readable file; the {} NodeOU is kept without a certificate [CFGYAML-06]",
              where, e.certificate(), role);
        }
      }
      return b.build();
    }

    /** CFGYAML-03: joined onto the folder; climbing out with ".." is refused by default. */
    private Optional<Path> joined(String certificate, String where, String rule) {
      Optional<Path> p = files.join(certificate);
      if (p.isPresent() && !files.lexicallyInside(p.get())) {
        throw new MspSetupException(
            Reason.PATH_OUTSIDE_FOLDER, "CFGYAML-03",
            where + ": \"" + certificate + "\" leads outside the MSP folder (refused; see"
                + " ReadOptions.followLinksOutsideFolder)");
      }
      return p;
    }
  }
}
