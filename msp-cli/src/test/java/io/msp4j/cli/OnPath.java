package io.msp4j.cli;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds a program on the PATH, for tests that use a tool only where it is installed. */
final class OnPath {
  private OnPath() {}

  static Optional<Path> find(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      Path p = Path.of(dir, program);
      if (Files.isExecutable(p)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
