package io.msp4j.config.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.msp4j.config.MspFolderConfig;
import io.msp4j.config.MspFolders;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.testdata.fuzz.ShortRun;
import io.msp4j.x509.X509Msps;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * mspconfig folders written by strangers: the fuzzer's bytes become files in the Fabric layout
 * ({@link FolderArchive}: sub-folder, name, content, and links to a file outside the folder);
 * reading the folder as a channel MSP and as a local MSP fails only with our exception, and when
 * it reads, it reads the same twice and setup fails only with {@link MspSetupException}.
 */
class FolderFuzzTest {
  private static final Path WORK = temp();
  private static final Path OUTSIDE = WORK.resolve("outside.pem");
  private static int runs;

  private static Path temp() {
    try {
      Path p = Files.createTempDirectory("msp4j-folder-fuzz");
      Files.writeString(p.resolve("outside.pem"), "-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n");
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @AfterAll
  static void cleanUp() throws IOException {
    delete(WORK);
  }

  @FuzzTest(maxDuration = "12h")
  void folderReadingFailsOnlyWithOurExceptions(byte[] archive) throws IOException {
    Path dir = WORK.resolve("msp-" + runs++);
    try {
      FolderArchive.unpack(archive, dir, OUTSIDE);
      for (boolean local : new boolean[] {false, true}) {
        MspFolderConfig read;
        try {
          read = local ? MspFolders.readLocal(dir, "Org1MSP") : MspFolders.readVerifying(dir, "Org1MSP");
        } catch (MspException e) {
          assertThat(e.reason()).isNotNull();
          assertThat(e.rule()).isNotBlank();
          continue;
        }
        MspFolderConfig again = local ? MspFolders.readLocal(dir, "Org1MSP") : MspFolders.readVerifying(dir, "Org1MSP");
        assertThat(again.mspConfig().toByteArray()).isEqualTo(read.mspConfig().toByteArray());
        try {
          X509Msps.setup(read.mspConfig(), MspVersion.V3_0,
              io.msp4j.x509.SetupOptions.defaults().withKeyStore(read.keyStore()).withSources(read.sources()));
        } catch (MspSetupException e) {
          assertThat(e.rule()).isNotBlank();
        }
      }
    } finally {
      delete(dir);
    }
  }

  private static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @Test
  @Tag("FOLDER-02")
  @Tag("CFGYAML-03")
  @Tag("LIMIT-04")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "folderReadingFailsOnlyWithOurExceptions", 50, b -> {
      try {
        folderReadingFailsOnlyWithOurExceptions(b);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    })).isGreaterThan(50);
  }
}
