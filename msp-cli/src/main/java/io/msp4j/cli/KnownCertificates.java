package io.msp4j.cli;

import com.google.protobuf.InvalidProtocolBufferException;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

import io.msp4j.channel.update.KnownIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The identities under {@code --known} folders, any depth, in path order: PEM certificate files
 * ({@code .pem}) and serialized identities ({@code .id}, a {@code SerializedIdentity} protobuf as
 * {@code msp sign --identity-out} writes it; the way to follow an idemix member, which has no
 * certificate). Other files, and {@code .id} files that are not a serialized identity, are passed
 * over.
 */
final class KnownCertificates {
  private KnownCertificates() {}

  static List<KnownIdentity> read(List<Path> folders) throws IOException {
    List<KnownIdentity> out = new ArrayList<>();
    for (Path folder : folders) {
      List<Path> files;
      try (Stream<Path> s = Files.walk(folder)) {
        files = s.filter(Files::isRegularFile)
            .filter(p -> p.getFileName().toString().endsWith(".pem")
                || p.getFileName().toString().endsWith(".id"))
            .sorted().toList();
      }
      for (Path f : files) {
        boolean serialized = f.getFileName().toString().endsWith(".id");
        byte[] bytes = serialized ? InputFiles.identity(f) : Files.readAllBytes(f);
        if (serialized) {
          if (isSerializedIdentity(bytes)) {
            out.add(new KnownIdentity(f.toString(), bytes));
          }
        } else if (new String(bytes, java.nio.charset.StandardCharsets.US_ASCII)
            .contains("-----BEGIN CERTIFICATE-----")) {
          out.add(KnownIdentity.certificate(f.toString(), bytes));
        }
      }
    }
    return out;
  }

  private static boolean isSerializedIdentity(byte[] bytes) {
    try {
      SerializedIdentity si = SerializedIdentity.parseFrom(bytes);
      return !si.getMspid().isEmpty() && !si.getIdBytes().isEmpty();
    } catch (InvalidProtocolBufferException e) {
      return false;
    }
  }
}
