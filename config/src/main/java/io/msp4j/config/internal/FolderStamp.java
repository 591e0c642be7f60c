package io.msp4j.config.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What an {@code mspconfig} folder looks like from its metadata, without reading any file: every
 * entry reached from the folder (links followed, so the timestamped directories of a Kubernetes
 * mount are seen through {@code ..data}) with its type, size, modification time, file key (device
 * and inode where the platform has them) and, for a link, its target. A file written, replaced by
 * a rename, added or removed, or a link pointed elsewhere, gives another stamp; equal stamps mean
 * nothing was touched. Cheap enough to take every few hundred milliseconds.
 *
 * <p>The walk is bounded ({@link #MAX_DEPTH} levels, {@link #MAX_ENTRIES} entries); a folder past
 * the bounds is stamped by the part walked.
 */
public final class FolderStamp {
  static final int MAX_DEPTH = 8;
  static final int MAX_ENTRIES = 10_000;

  private final byte[] digest;
  private final int entries;
  private final List<Path> directories;

  private FolderStamp(byte[] digest, int entries, List<Path> directories) {
    this.digest = digest;
    this.entries = entries;
    this.directories = directories;
  }

  /** Stamps the folder as it is now. Never throws: unreadable parts are stamped as such. */
  public static FolderStamp of(Path root) {
    Walker w = new Walker(root);
    try {
      Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), MAX_DEPTH, w);
    } catch (IOException | RuntimeException e) {
      w.add("walk-failed", e.getClass().getName());
    }
    return new FolderStamp(w.digest.digest(), w.entries, List.copyOf(w.directories));
  }

  /** The number of entries seen. */
  public int entries() {
    return entries;
  }

  /**
   * The directories seen, as real paths (each once): what a watch service must watch to hear of
   * any change to what was stamped.
   */
  public List<Path> directories() {
    return directories;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FolderStamp s && s.entries == entries && Arrays.equals(s.digest, digest);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(digest);
  }

  @Override
  public String toString() {
    return "FolderStamp{" + entries + " entries}";
  }

  private static final class Walker extends SimpleFileVisitor<Path> {
    private final Path root;
    private final MessageDigest digest = sha256();
    private final Set<Path> directories = new LinkedHashSet<>();
    private int entries;

    Walker(Path root) {
      this.root = root;
    }

    @Override
    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
      entry(dir, attrs);
      try {
        directories.add(dir.toRealPath());
      } catch (IOException | RuntimeException e) {
        add("unresolvable", relative(dir));
      }
      return more();
    }

    @Override
    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
      entry(file, attrs);
      return more();
    }

    @Override
    public FileVisitResult visitFileFailed(Path file, IOException e) {
      // A dangling link, a loop, a file removed during the walk, no permission: all are states.
      add("failed", relative(file), e.getClass().getName());
      entries++;
      return more();
    }

    private void entry(Path p, BasicFileAttributes attrs) {
      entries++;
      String kind = attrs.isDirectory() ? "d" : attrs.isRegularFile() ? "f" : "o";
      add(kind, relative(p), Long.toString(attrs.size()),
          Long.toString(attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS)),
          String.valueOf(attrs.fileKey()));
      if (Files.isSymbolicLink(p)) {
        try {
          add("link", relative(p), Files.readSymbolicLink(p).toString());
        } catch (IOException | RuntimeException e) {
          add("link-unreadable", relative(p));
        }
      } else if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
        add("vanished", relative(p));
      }
    }

    private FileVisitResult more() {
      return entries < MAX_ENTRIES ? FileVisitResult.CONTINUE : FileVisitResult.TERMINATE;
    }

    private String relative(Path p) {
      return p.startsWith(root) ? root.relativize(p).toString() : p.toString();
    }

    void add(String... parts) {
      for (String s : parts) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        digest.update((byte) (b.length >>> 24));
        digest.update((byte) (b.length >>> 16));
        digest.update((byte) (b.length >>> 8));
        digest.update((byte) b.length);
        digest.update(b);
      }
      digest.update((byte) 0xff);
    }

    private static MessageDigest sha256() {
      try {
        return MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("SHA-256 is required of every Java platform", e);
      }
    }
  }
}
