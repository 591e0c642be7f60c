package io.msp4j.testdata.differential;

import io.msp4j.testdata.MspFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One generated MSP of the differential corpus: a verifying MSP folder, its id and version, and
 * the identities (certificate files, possibly malformed) to run through it.
 *
 * @param seed the seed it was generated from
 * @param mspId the MSP identifier
 * @param version the MSP version: 1.0, 1.1, 1.3, 1.4.3 or 3.0
 * @param folder the verifying MSP folder
 * @param identities the identity files, in order
 */
public record DifferentialCase(
    long seed, String mspId, String version, MspFolder folder, List<IdentityFile> identities) {

  /**
   * One identity: its file name, the bytes a client would send as the certificate, and the
   * mutations applied to it (for reading a difference).
   */
  public record IdentityFile(String name, byte[] content, String mutations) {
    public IdentityFile {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(mutations, "mutations");
      content = content.clone();
    }

    @Override
    public byte[] content() {
      return content.clone();
    }
  }

  public DifferentialCase {
    identities = List.copyOf(identities);
  }

  /** The folder name of this case in a written corpus. */
  public String name() {
    return String.format("case-%06d", seed);
  }

  /**
   * Writes the case under {@code corpusDir/name()}: {@code msp/} (the folder), {@code
   * identities/*.pem} and {@code case.txt} ({@code id} and {@code version} lines).
   */
  public Path writeTo(Path corpusDir) {
    Path dir = corpusDir.resolve(name());
    try {
      folder.writeTo(dir.resolve("msp"));
      Path ids = Files.createDirectories(dir.resolve("identities"));
      for (IdentityFile f : identities) {
        Files.write(ids.resolve(f.name()), f.content());
      }
      StringBuilder meta = new StringBuilder();
      meta.append("id ").append(mspId).append("\nversion ").append(version)
          .append("\nseed ").append(seed).append('\n');
      for (IdentityFile f : identities) {
        meta.append("identity ").append(f.name()).append(' ').append(f.mutations()).append('\n');
      }
      Files.writeString(dir.resolve("case.txt"), meta, StandardCharsets.US_ASCII);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write case " + name() + ": " + e.getMessage(), e);
    }
  }
}
