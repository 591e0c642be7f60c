package io.msp4j.config.internal;

import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * File access inside one MSP folder: stat and list with Go's conventions (links followed, names in
 * byte order), reads bounded by the size limit, and the containment check that keeps links and
 * {@code ..} paths inside the folder unless the caller allows leaving it.
 */
public final class FolderFiles {
  private static final int READ_CHUNK = 1 << 20;

  private final Path root;
  private final Path rootAbsolute;
  private final Path rootReal;

  private final long maxFileSize;
  private final boolean followOutside;
  private final int maxEntries;
  private final long maxTotalBytes;
  private long totalRead;

  /**
   * @param root the MSP folder, lexically cleaned as Go's filepath.Join does
   * @param rootReal the folder with every link resolved
   */
  public FolderFiles(Path root, Path rootReal, long maxFileSize, boolean followOutside) {
    this(root, rootReal, maxFileSize, followOutside, Integer.MAX_VALUE, Long.MAX_VALUE);
  }

  /**
   * @param maxEntries the most entries a listed directory may hold (LIMIT-04)
   * @param maxTotalBytes the most bytes all files read together may hold (LIMIT-03)
   */
  public FolderFiles(
      Path root, Path rootReal, long maxFileSize, boolean followOutside, int maxEntries, long maxTotalBytes) {
    this.maxEntries = maxEntries;
    this.maxTotalBytes = maxTotalBytes;
    this.root = root;
    this.rootAbsolute = root.toAbsolutePath().normalize();
    this.rootReal = rootReal;
    this.maxFileSize = maxFileSize;
    this.followOutside = followOutside;
  }

  /** The MSP folder. */
  public Path root() {
    return root;
  }

  /** What a stat (following links) found. */
  public enum Kind {
    MISSING,
    DIRECTORY,
    REGULAR,
    OTHER,
    UNREADABLE
  }

  /** Stat following links: missing only for "no such file" (also a dangling link). */
  public Kind stat(Path p) {
    try {
      BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
      if (a.isDirectory()) {
        return Kind.DIRECTORY;
      }
      return a.isRegularFile() ? Kind.REGULAR : Kind.OTHER;
    } catch (NoSuchFileException e) {
      return Kind.MISSING;
    } catch (IOException | SecurityException e) {
      return Kind.UNREADABLE;
    }
  }

  /** Size without following a link (Go's DirEntry.Info), or -1 when it cannot be read. */
  public long linkSize(Path p) {
    try {
      BasicFileAttributes a =
          Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      return a.isDirectory() ? -1 : a.size();
    } catch (IOException | SecurityException e) {
      return -1;
    }
  }

  /** Whether the entry itself (not following a link) is a directory. */
  public boolean isDirectoryNoFollow(Path p) {
    return Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
  }

  /**
   * Entry names of a directory, sorted by their UTF-8 bytes (Go's os.ReadDir order).
   *
   * @throws IOException when the directory cannot be listed
   * @throws MspSetupException LIMIT_EXCEEDED (LIMIT-04) when it holds more entries than allowed
   */
  public List<String> list(Path dir) throws IOException {
    List<String> names = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      for (Path p : s) {
        if (names.size() == maxEntries) {
          throw new MspSetupException(Reason.LIMIT_EXCEEDED, "LIMIT-04",
              dir + ": holds more than " + maxEntries + " entries, the most a folder of an MSP may hold"
                  + " (see ReadOptions.maxFilesPerFolder)");
        }
        names.add(p.getFileName().toString());
      }
    }
    names.sort(
        (a, b) ->
            Arrays.compareUnsigned(
                a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
    return names;
  }

  /**
   * Fails unless {@code p}, with links resolved, lies inside the MSP folder (or leaving it is
   * allowed). A path that cannot be resolved is left for the caller's read to fail on.
   */
  public void checkInside(Path p, String shown, String rule) {
    if (followOutside) {
      return;
    }
    Path real;
    try {
      real = p.toRealPath();
    } catch (IOException | SecurityException e) {
      return;
    }
    if (!real.startsWith(rootReal)) {
      throw new MspSetupException(
          Reason.PATH_OUTSIDE_FOLDER, rule,
          shown + ": resolves to a file outside the MSP folder (links that leave the folder are"
              + " refused; see ReadOptions.followLinksOutsideFolder)");
    }
  }

  /** Whether a lexically cleaned path stays inside the MSP folder (no links considered). */
  public boolean lexicallyInside(Path cleaned) {
    return followOutside || cleaned.toAbsolutePath().normalize().startsWith(rootAbsolute);
  }

  /**
   * Reads a whole file, refusing files above the size limit and reads beyond the folder's total
   * (LIMIT-03).
   *
   * @throws IOException when it cannot be read
   * @throws MspSetupException FILE_TOO_LARGE
   */
  public byte[] read(Path p, String shown, String rule) throws IOException {
    byte[] data = readBounded(p, shown);
    synchronized (this) {
      totalRead += data.length;
      if (totalRead > maxTotalBytes) {
        throw new MspSetupException(Reason.FILE_TOO_LARGE, LIMIT_RULE, shown
            + ": reading it brings the files read from the MSP folder to " + totalRead
            + " bytes, more than the limit of " + maxTotalBytes + " (see ReadOptions.maxTotalBytes)");
      }
    }
    return data;
  }

  /** The rule of the size limits. */
  private static final String LIMIT_RULE = "LIMIT-03";

  private byte[] readBounded(Path p, String shown) throws IOException {
    String rule = LIMIT_RULE;
    long size = Files.size(p);
    if (size > maxFileSize) {
      throw tooLarge(shown, rule);
    }
    try (InputStream in = Files.newInputStream(p)) {
      // Straight into an array of the stated size, in large pieces: far quicker for a file of
      // tens of megabytes (a big CRL) than collecting small buffers and joining them.
      byte[] data = new byte[(int) size];
      int n = 0;
      while (n < data.length) {
        int r = in.read(data, n, Math.min(data.length - n, READ_CHUNK));
        if (r < 0) {
          return Arrays.copyOf(data, n); // shorter than stated
        }
        n += r;
      }
      int next = in.read();
      if (next < 0) {
        return data;
      }
      // Longer than stated (a growing or special file): read on, up to one byte past the limit.
      byte[] more = in.readNBytes((int) Math.min(maxFileSize - size, Integer.MAX_VALUE - 16));
      if (size + 1 + more.length > maxFileSize) {
        throw tooLarge(shown, rule);
      }
      byte[] all = Arrays.copyOf(data, data.length + 1 + more.length);
      all[data.length] = (byte) next;
      System.arraycopy(more, 0, all, data.length + 1, more.length);
      return all;
    }
  }

  private MspSetupException tooLarge(String shown, String rule) {
    return new MspSetupException(
        Reason.FILE_TOO_LARGE, rule,
        shown + ": file is larger than the limit of " + maxFileSize
            + " bytes (see ReadOptions.maxFileSize)");
  }

  /** Go's filepath.Join(root, rel): joined and lexically cleaned; empty when not a valid path. */
  public Optional<Path> join(String rel) {
    try {
      if (rel.isEmpty()) {
        return Optional.of(root);
      }
      return Optional.of(root.getFileSystem().getPath(root.toString(), rel).normalize());
    } catch (InvalidPathException e) {
      return Optional.empty();
    }
  }

  /** How a path is named in messages: relative to the MSP folder when inside it. */
  public String shown(Path p) {
    Path abs = p.toAbsolutePath().normalize();
    if (abs.startsWith(rootAbsolute)) {
      String rel = rootAbsolute.relativize(abs).toString().replace('\\', '/');
      return rel.isEmpty() ? "." : rel;
    }
    return p.toString();
  }
}
