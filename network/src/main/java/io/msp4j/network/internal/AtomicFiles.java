package io.msp4j.network.internal;

import io.msp4j.network.NetworkException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Atomic replacement of a file's content. */
public final class AtomicFiles {
  private AtomicFiles() {}

  /**
   * Writes {@code bytes} to a temporary file beside {@code path}, forces it to disk, and moves
   * it over {@code path}.
   */
  public static void write(Path path, byte[] bytes, String what) {
    Path target = path.toAbsolutePath();
    Path dir = target.getParent();
    Path tmp = null;
    try {
      Files.createDirectories(dir);
      tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
          ch.write(b);
        }
        ch.force(true);
      }
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      tmp = null;
    } catch (IOException e) {
      throw new NetworkException(NetworkException.Kind.CONFIGURATION, "",
          "cannot write " + what + " " + target + ": " + e.getMessage(), e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // The write already failed and says so; a stray temporary file is the lesser harm.
        }
      }
    }
  }
}
