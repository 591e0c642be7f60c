package io.msp4j.testdata.cryptogen;

import io.msp4j.testdata.IssuedCertificate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Shared helpers of the generator tests. */
final class Fixtures {
  static final String NOW = "2024-01-01T00:00:00Z";

  private Fixtures() {}

  /** The test resource {@code cryptogen/<name>} as text. */
  static String resource(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/cryptogen/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The example spec (cryptogen's default shape) with a seed and a fixed now. */
  static String exampleSpec(String seed) {
    return "Seed: " + seed + "\nNow: " + NOW + "\n" + resource("example-crypto-config.yaml");
  }

  /** Every regular file under {@code root}, relative, with {@code /}, sorted. */
  static List<String> files(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString().replace('\\', '/'))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The first certificate of a PEM file. */
  static IssuedCertificate cert(Path file) {
    try {
      return IssuedCertificate.fromPem(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static boolean isEmptyDir(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
