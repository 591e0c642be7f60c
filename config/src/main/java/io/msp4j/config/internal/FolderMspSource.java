package io.msp4j.config.internal;

import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.config.ReadOptions;
import io.msp4j.core.Msp;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.reload.Candidate;
import io.msp4j.core.reload.ConfigSource;
import io.msp4j.x509.SetupOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import io.msp4j.x509.SigningKeyStore;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An {@code mspconfig} folder as the source of a reloading MSP: each read stamps the folder,
 * reads it as {@link MspFolders} does and digests the key store's files, so that a configuration
 * read while the folder was being written is recognised and dropped rather than applied or
 * reported.
 */
public final class FolderMspSource implements ConfigSource<Msp> {
  /** Key store files larger than this are digested by their metadata only (keys are small). */
  static final long KEY_FILE_LIMIT = 1 << 20;

  private final Path dir;
  private final String mspId;
  private final boolean local;
  private final MspVersion version;
  private final ReadOptions readOptions;
  private final SetupOptions setupOptions;
  private final SigningKeyStore keyStore;
  private volatile FolderStamp expected;

  public FolderMspSource(
      Path dir,
      String mspId,
      boolean local,
      MspVersion version,
      ReadOptions readOptions,
      SetupOptions setupOptions,
      SigningKeyStore keyStore) {
    this.dir = dir;
    this.mspId = mspId;
    this.local = local;
    this.version = version;
    this.readOptions = readOptions;
    this.setupOptions = setupOptions;
    this.keyStore = keyStore;
  }

  /**
   * The stamp the folder had when it was last seen settled: a read that finds another one is
   * dropped (the folder changed again). Null accepts any folder that does not change while it is
   * read.
   */
  public void expect(FolderStamp settled) {
    this.expected = settled;
  }

  @Override
  public Candidate<Msp> read() {
    FolderStamp before = FolderStamp.of(dir);
    FolderStamp settled = expected;
    try {
      MspFolderConfig read = local
          ? MspFolders.readLocal(dir, mspId, readOptions)
          : MspFolders.readVerifying(dir, mspId, readOptions);
      MspFolderConfig folder = local && keyStore != null ? read.withKeyStore(keyStore) : read;
      byte[] keyStore = local ? keyStoreDigest(dir.resolve(FolderReader.KEYSTORE)) : new byte[0];
      return FolderCandidate.read(dir, folder, keyStore, version, setupOptions, before, settled);
    } catch (MspSetupException e) {
      return FolderCandidate.failed(dir, e, before, settled);
    }
  }

  /** A digest of the key store's file names and contents (links followed), sorted by name. */
  static byte[] keyStoreDigest(Path keystore) {
    MessageDigest md = sha256();
    if (!Files.isDirectory(keystore)) {
      return md.digest();
    }
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(keystore)) {
      s.forEach(files::add);
    } catch (IOException | RuntimeException e) {
      md.update("unlistable".getBytes(StandardCharsets.UTF_8));
      return md.digest();
    }
    Collections.sort(files);
    for (Path p : files) {
      md.update(p.getFileName().toString().getBytes(StandardCharsets.UTF_8));
      md.update((byte) 0);
      try {
        if (Files.isRegularFile(p) && Files.size(p) <= KEY_FILE_LIMIT) {
          md.update(Files.readAllBytes(p));
        } else {
          md.update(String.valueOf(Files.getLastModifiedTime(p)).getBytes(StandardCharsets.UTF_8));
        }
      } catch (IOException | RuntimeException e) {
        md.update("unreadable".getBytes(StandardCharsets.UTF_8));
      }
      md.update((byte) 0xff);
    }
    return md.digest();
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  @Override
  public String toString() {
    return "FolderMspSource{" + dir + ", " + mspId + (local ? ", local" : "") + "}";
  }
}
