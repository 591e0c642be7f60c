package io.msp4j.cli;

import io.msp4j.channel.update.KnownIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The PEM certificate files under {@code --known} folders, any depth, in path order. */
final class KnownCertificates {
  private KnownCertificates() {}

  static List<KnownIdentity> read(List<Path> folders) throws IOException {
    List<KnownIdentity> out = new ArrayList<>();
    for (Path folder : folders) {
      List<Path> files;
      try (Stream<Path> s = Files.walk(folder)) {
        files = s.filter(Files::isRegularFile)
            .filter(p -> p.getFileName().toString().endsWith(".pem"))
            .sorted().toList();
      }
      for (Path f : files) {
        byte[] pem = Files.readAllBytes(f);
        if (new String(pem, java.nio.charset.StandardCharsets.US_ASCII)
            .contains("-----BEGIN CERTIFICATE-----")) {
          out.add(KnownIdentity.certificate(f.toString(), pem));
        }
      }
    }
    return out;
  }
}
