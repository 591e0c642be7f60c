package io.msp4j.testdata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An {@code mspconfig} folder in Fabric's layout (FOLDER-01), kept in memory until
 * {@link #writeTo(Path)}.
 *
 * <p>Sub-folders: {@code cacerts}, {@code intermediatecerts}, {@code admincerts}, {@code crls},
 * {@code tlscacerts}, {@code tlsintermediatecerts}, {@code signcerts}, {@code keystore}; only folders
 * that receive a file (or are named in {@link Builder#emptyFolder}) are created. Default file names
 * are {@code <base>.pem}, then {@code <base>2.pem}, {@code <base>3.pem}... with base {@code cacert},
 * {@code intermediatecert}, {@code admincert}, {@code crl}, {@code tlscacert},
 * {@code tlsintermediatecert}, {@code signcert} (so the first one sorts first). The signing key is
 * written as PKCS#8 PEM to {@code keystore/priv_sk} or {@code keystore/<hex SKI>_sk}.
 *
 * <pre>{@code
 * Path dir = MspFolder.builder()
 *     .caCert(root)                       // cacerts/cacert.pem
 *     .signCert(peer)                     // signcerts/signcert.pem + keystore/priv_sk
 *     .configYaml(ConfigYaml.cryptogenNodeOus("cacerts/cacert.pem"))
 *     .build()
 *     .writeTo(tempDir.resolve("msp"));
 * }</pre>
 */
public final class MspFolder {
  /** Root CA certificates. */
  public static final String CACERTS = "cacerts";
  /** Intermediate CA certificates. */
  public static final String INTERMEDIATECERTS = "intermediatecerts";
  /** Administrator certificates. */
  public static final String ADMINCERTS = "admincerts";
  /** CRLs. */
  public static final String CRLS = "crls";
  /** TLS root CA certificates. */
  public static final String TLSCACERTS = "tlscacerts";
  /** TLS intermediate CA certificates. */
  public static final String TLSINTERMEDIATECERTS = "tlsintermediatecerts";
  /** The signing certificate. */
  public static final String SIGNCERTS = "signcerts";
  /** Private keys. */
  public static final String KEYSTORE = "keystore";
  /** The configuration file name. */
  public static final String CONFIG_YAML = "config.yaml";

  private final Map<String, byte[]> files;
  private final Map<String, String> symlinks;
  private final Set<String> folders;

  private MspFolder(Builder b) {
    Map<String, byte[]> f = new LinkedHashMap<>();
    b.files.forEach((k, v) -> f.put(k, v.clone()));
    this.files = Collections.unmodifiableMap(f);
    this.symlinks = Collections.unmodifiableMap(new LinkedHashMap<>(b.symlinks));
    this.folders = Collections.unmodifiableSet(new LinkedHashSet<>(b.folders));
  }

  /** A new, empty folder builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Relative paths ({@code /}-separated) of the regular files, in the order they were added. */
  public List<String> paths() {
    return new ArrayList<>(files.keySet());
  }

  /** The content of one file (a copy), or {@code null} if there is no such file. */
  public byte[] file(String relativePath) {
    byte[] b = files.get(relativePath);
    return b == null ? null : b.clone();
  }

  /**
   * Creates {@code dir} (and parents) and writes every folder, file and symbolic link into it.
   * Existing files of the same names are overwritten; nothing else in {@code dir} is touched.
   *
   * @return {@code dir}
   * @throws UncheckedIOException if writing fails
   */
  public Path writeTo(Path dir) {
    Objects.requireNonNull(dir, "dir");
    try {
      Files.createDirectories(dir);
      for (String folder : folders) {
        Files.createDirectories(resolve(dir, folder));
      }
      for (Map.Entry<String, byte[]> e : files.entrySet()) {
        Path p = resolve(dir, e.getKey());
        Files.createDirectories(p.getParent());
        Files.write(p, e.getValue());
      }
      for (Map.Entry<String, String> e : symlinks.entrySet()) {
        Path p = resolve(dir, e.getKey());
        Files.createDirectories(p.getParent());
        Files.deleteIfExists(p);
        Files.createSymbolicLink(p, Path.of(e.getValue()));
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write MSP folder " + dir + ": " + e.getMessage(), e);
    }
  }

  private static Path resolve(Path dir, String relative) {
    Path p = dir;
    for (String part : relative.split("/")) {
      p = p.resolve(part);
    }
    return p;
  }

  @Override
  public String toString() {
    return "MspFolder" + files.keySet();
  }

  /** Builder of {@link MspFolder}; later entries with the same path replace earlier ones. */
  public static final class Builder {
    private final Map<String, byte[]> files = new LinkedHashMap<>();
    private final Map<String, String> symlinks = new LinkedHashMap<>();
    private final Set<String> folders = new LinkedHashSet<>();
    private final Map<String, Integer> counters = new LinkedHashMap<>();
    private KeystoreNaming keystoreNaming = KeystoreNaming.PRIV_SK;

    private Builder() {}

    /** Adds a root CA certificate under a default name. */
    public Builder caCert(IssuedCertificate cert) {
      return pem(CACERTS, "cacert", cert);
    }

    /** Adds a root CA certificate as {@code cacerts/<fileName>}. */
    public Builder caCert(String fileName, IssuedCertificate cert) {
      return text(CACERTS + "/" + fileName, cert.pem());
    }

    /** Adds an intermediate CA certificate under a default name. */
    public Builder intermediateCert(IssuedCertificate cert) {
      return pem(INTERMEDIATECERTS, "intermediatecert", cert);
    }

    /** Adds an intermediate CA certificate as {@code intermediatecerts/<fileName>}. */
    public Builder intermediateCert(String fileName, IssuedCertificate cert) {
      return text(INTERMEDIATECERTS + "/" + fileName, cert.pem());
    }

    /** Adds an administrator certificate under a default name. */
    public Builder adminCert(IssuedCertificate cert) {
      return pem(ADMINCERTS, "admincert", cert);
    }

    /** Adds an administrator certificate as {@code admincerts/<fileName>}. */
    public Builder adminCert(String fileName, IssuedCertificate cert) {
      return text(ADMINCERTS + "/" + fileName, cert.pem());
    }

    /** Adds a TLS root CA certificate under a default name. */
    public Builder tlsCaCert(IssuedCertificate cert) {
      return pem(TLSCACERTS, "tlscacert", cert);
    }

    /** Adds a TLS root CA certificate as {@code tlscacerts/<fileName>}. */
    public Builder tlsCaCert(String fileName, IssuedCertificate cert) {
      return text(TLSCACERTS + "/" + fileName, cert.pem());
    }

    /** Adds a TLS intermediate CA certificate under a default name. */
    public Builder tlsIntermediateCert(IssuedCertificate cert) {
      return pem(TLSINTERMEDIATECERTS, "tlsintermediatecert", cert);
    }

    /** Adds a TLS intermediate CA certificate as {@code tlsintermediatecerts/<fileName>}. */
    public Builder tlsIntermediateCert(String fileName, IssuedCertificate cert) {
      return text(TLSINTERMEDIATECERTS + "/" + fileName, cert.pem());
    }

    /** Adds a CRL (PEM) under a default name. */
    public Builder crl(IssuedCrl crl) {
      return text(CRLS + "/" + nextName(CRLS, "crl"), crl.pem());
    }

    /** Adds a CRL (PEM) as {@code crls/<fileName>}. */
    public Builder crl(String fileName, IssuedCrl crl) {
      return text(CRLS + "/" + fileName, crl.pem());
    }

    /**
     * Adds the signing certificate under a default name and, if it has a private key, the key to
     * {@code keystore/} named per {@link #keystoreNaming(KeystoreNaming)}.
     */
    public Builder signCert(IssuedCertificate cert) {
      return signCert(nextName(SIGNCERTS, "signcert"), cert);
    }

    /** Adds the signing certificate as {@code signcerts/<fileName>} (and its key, as above). */
    public Builder signCert(String fileName, IssuedCertificate cert) {
      text(SIGNCERTS + "/" + fileName, cert.pem());
      cert.privateKey().ifPresent(k -> privateKey(keystoreNaming.fileName(cert), k));
      return this;
    }

    /**
     * Naming of keys added by later {@link #signCert} calls (default {@link KeystoreNaming#PRIV_SK}).
     */
    public Builder keystoreNaming(KeystoreNaming naming) {
      this.keystoreNaming = Objects.requireNonNull(naming, "naming");
      return this;
    }

    /** Writes a private key as PKCS#8 PEM to {@code keystore/<fileName>}. */
    public Builder privateKey(String fileName, PrivateKey key) {
      return text(KEYSTORE + "/" + fileName, PrivateKeys.pkcs8Pem(key));
    }

    /** Writes {@code config.yaml}. */
    public Builder configYaml(ConfigYaml config) {
      return text(CONFIG_YAML, config.toYaml());
    }

    /** Writes {@code config.yaml} with exactly this text (for bad-input tests). */
    public Builder configYamlText(String yaml) {
      return text(CONFIG_YAML, yaml);
    }

    /** Writes any bytes to any relative path ({@code /}-separated), e.g. junk in {@code cacerts/}. */
    public Builder file(String relativePath, byte[] content) {
      files.put(checkPath(relativePath), Objects.requireNonNull(content, "content").clone());
      symlinks.remove(relativePath);
      return this;
    }

    /** Writes UTF-8 text to any relative path. */
    public Builder text(String relativePath, String content) {
      return file(relativePath, Objects.requireNonNull(content, "content").getBytes(StandardCharsets.UTF_8));
    }

    /** Creates this (relative) folder even if no file goes into it. */
    public Builder emptyFolder(String relativePath) {
      folders.add(checkPath(relativePath));
      return this;
    }

    /** Creates a symbolic link at {@code relativePath} pointing to {@code target} (written as given). */
    public Builder symlink(String relativePath, String target) {
      symlinks.put(checkPath(relativePath), Objects.requireNonNull(target, "target"));
      files.remove(relativePath);
      return this;
    }

    /** The immutable folder description. */
    public MspFolder build() {
      return new MspFolder(this);
    }

    private Builder pem(String folder, String base, IssuedCertificate cert) {
      return text(folder + "/" + nextName(folder, base), cert.pem());
    }

    private String nextName(String folder, String base) {
      int n = counters.merge(folder, 1, Integer::sum);
      return n == 1 ? base + ".pem" : base + n + ".pem";
    }

    private static String checkPath(String relativePath) {
      Objects.requireNonNull(relativePath, "relativePath");
      if (relativePath.isEmpty() || relativePath.startsWith("/") || relativePath.contains("\\")) {
        throw new IllegalArgumentException("not a relative '/'-separated path: \"" + relativePath + "\"");
      }
      for (String part : relativePath.split("/", -1)) {
        if (part.isEmpty() || part.equals("..") || part.equals(".")) {
          throw new IllegalArgumentException("bad path segment in \"" + relativePath + "\"");
        }
      }
      return relativePath;
    }
  }
}
