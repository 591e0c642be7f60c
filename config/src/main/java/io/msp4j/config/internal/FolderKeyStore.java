package io.msp4j.config.internal;

import io.msp4j.config.internal.KeyDecoder.DecodedPrivateKey;
import io.msp4j.config.internal.KeyDecoder.KeyDecodeException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.internal.pem.GoPem;
import io.msp4j.core.internal.pem.PemBlock;
import io.msp4j.core.Reason;
import io.msp4j.x509.KeyStoreEntry;
import io.msp4j.x509.SigningKeyStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * Fabric's file-based key store over a {@code keystore} folder (FOLDER-10), read only.
 *
 * <p>Lookup by SKI: the first file (in name order) whose name starts with the lower-case hex SKI
 * decides. If its name ends in {@code sk}, the file {@code <hex>_sk} is parsed as a private key;
 * {@code pk}: {@code <hex>_pk} as a public key; {@code key}: {@code <hex>_key} as a symmetric key
 * (the file read is always the canonical {@code <hex>_<suffix>} name, as in Fabric, and its key is
 * not checked against the SKI). Otherwise every entry of at most 64 KiB (the size of a link
 * itself, not its target, as Fabric measures it) is tried as a PEM private key and the first whose
 * SKI matches is returned; files that do not parse are skipped.
 *
 * <p>Unlike Fabric, a missing {@code keystore} folder is not created; it simply holds nothing.
 */
final class FolderKeyStore implements SigningKeyStore {

  static final long SCAN_LIMIT = 1 << 16;

  private final FolderFiles files;
  private final Path dir;
  private final String shownDir;
  private KeyDecoder decoder;

  FolderKeyStore(FolderFiles files, Path dir, String shownDir) {
    this.files = files;
    this.dir = dir;
    this.shownDir = shownDir;
  }

  private synchronized KeyDecoder decoder() {
    if (decoder == null) {
      decoder = new KeyDecoder(new BouncyCastleProvider());
    }
    return decoder;
  }

  @Override
  public Optional<KeyStoreEntry> find(byte[] ski) {
    if (ski == null || ski.length == 0) {
      return Optional.empty();
    }
    List<String> names;
    try {
      names = files.list(dir);
    } catch (IOException | SecurityException e) {
      return Optional.empty();
    }
    String alias = HexFormat.of().formatHex(ski);
    for (String name : names) {
      if (name.startsWith(alias)) {
        if (name.endsWith("sk")) {
          return Optional.of(loadPrivate(alias + "_sk"));
        }
        if (name.endsWith("pk")) {
          return Optional.of(loadPublic(alias + "_pk"));
        }
        if (name.endsWith("key")) {
          return Optional.of(loadSymmetric(alias + "_key"));
        }
        break;
      }
    }
    return scan(names, ski);
  }

  private Optional<KeyStoreEntry> scan(List<String> names, byte[] ski) {
    for (String name : names) {
      Path p = dir.resolve(name);
      if (files.isDirectoryNoFollow(p)) {
        continue;
      }
      long size = files.linkSize(p);
      if (size < 0 || size > SCAN_LIMIT) {
        continue;
      }
      if (files.stat(p) != FolderFiles.Kind.REGULAR) {
        continue;
      }
      String shown = shownDir + "/" + name;
      files.checkInside(p, shown, "FOLDER-10");
      byte[] raw;
      try {
        raw = files.read(p, shown, "FOLDER-10");
      } catch (IOException | SecurityException e) {
        continue;
      }
      Optional<PemBlock> block = GoPem.decode(raw);
      if (block.isEmpty() || isEncrypted(block.get())) {
        continue;
      }
      DecodedPrivateKey key;
      try {
        key = decoder().privateKey(block.get().bytes());
      } catch (KeyDecodeException e) {
        continue;
      }
      if (Arrays.equals(key.ski(), ski)) {
        return Optional.of(new KeyStoreEntry.Private(key.key(), shown));
      }
    }
    return Optional.empty();
  }

  private KeyStoreEntry loadPrivate(String fileName) {
    String shown = shownDir + "/" + fileName;
    PemBlock block = readBlock(fileName, shown);
    try {
      return new KeyStoreEntry.Private(decoder().privateKey(block.bytes()).key(), shown);
    } catch (KeyDecodeException e) {
      throw unreadable(shown, e.getMessage());
    }
  }

  private KeyStoreEntry loadPublic(String fileName) {
    String shown = shownDir + "/" + fileName;
    PemBlock block = readBlock(fileName, shown);
    try {
      return new KeyStoreEntry.Public(decoder().publicKey(block.bytes()), shown);
    } catch (KeyDecodeException e) {
      throw unreadable(shown, e.getMessage());
    }
  }

  private KeyStoreEntry loadSymmetric(String fileName) {
    String shown = shownDir + "/" + fileName;
    readBlock(fileName, shown);
    return new KeyStoreEntry.Symmetric(shown);
  }

  private PemBlock readBlock(String fileName, String shown) {
    Path p = dir.resolve(fileName);
    FolderFiles.Kind kind = files.stat(p);
    if (kind == FolderFiles.Kind.MISSING) {
      throw new MspSetupException(
          Reason.KEY_NOT_FOUND, "FOLDER-10",
          shown + ": does not exist (a file named after the SKI selects it by its suffix)");
    }
    files.checkInside(p, shown, "FOLDER-10");
    if (kind != FolderFiles.Kind.REGULAR) {
      throw unreadable(shown, "not a readable file");
    }
    byte[] raw;
    try {
      raw = files.read(p, shown, "FOLDER-10");
    } catch (IOException | SecurityException e) {
      throw unreadable(shown, "cannot be read");
    }
    PemBlock block =
        GoPem.decode(raw).orElseThrow(() -> unreadable(shown, "no PEM block"));
    if (isEncrypted(block)) {
      throw unreadable(shown, "the key is encrypted and no password is configured");
    }
    return block;
  }

  /** Go's x509.IsEncryptedPEMBlock: the block has a DEK-Info header. */
  private static boolean isEncrypted(PemBlock block) {
    return block.headers().containsKey("DEK-Info");
  }

  private static MspSetupException unreadable(String shown, String why) {
    return new MspSetupException(Reason.KEY_UNREADABLE, "FOLDER-10", shown + ": " + why);
  }

  @Override
  public String toString() {
    return "FolderKeyStore{" + shownDir + "}";
  }
}
