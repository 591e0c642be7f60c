package io.msp4j.config.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderFilesTest {
  @TempDir Path dir;

  @Test
  @Tag("FOLDER-02")
  void readsAFileOfSeveralMegabytesWhole() throws IOException {
    byte[] content = new byte[3 * 1024 * 1024 + 17];
    new Random(3).nextBytes(content);
    Path f = Files.write(dir.resolve("big.crl"), content);

    byte[] read = files(content.length).read(f, "crls/big.crl", "FOLDER-02");

    assertThat(read).isEqualTo(content);
  }

  @Test
  @Tag("FOLDER-02")
  void readsEmptyAndLimitSizedFilesAndRefusesOneByteMore() throws IOException {
    Path empty = Files.write(dir.resolve("empty"), new byte[0]);
    Path full = Files.write(dir.resolve("full"), new byte[100]);
    Path over = Files.write(dir.resolve("over"), new byte[101]);
    FolderFiles files = files(100);

    assertThat(files.read(empty, "empty", "FOLDER-02")).isEmpty();
    assertThat(files.read(full, "full", "FOLDER-02")).hasSize(100);
    MspSetupException e = catchThrowableOfType(
        () -> files.read(over, "over", "FOLDER-02"), MspSetupException.class);
    assertThat(e.reason()).isEqualTo(Reason.FILE_TOO_LARGE);
  }

  private FolderFiles files(long limit) {
    return new FolderFiles(dir, dir, limit, false);
  }
}
