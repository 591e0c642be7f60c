package io.msp4j.config.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderStampTest {
  @TempDir Path dir;

  @BeforeEach
  void folder() throws Exception {
    Files.createDirectories(dir.resolve("cacerts"));
    Files.writeString(dir.resolve("cacerts/ca.pem"), "one");
  }

  @Test
  void anUntouchedFolderHasTheSameStamp() {
    assertThat(FolderStamp.of(dir)).isEqualTo(FolderStamp.of(dir));
    assertThat(FolderStamp.of(dir).entries()).isEqualTo(3);
  }

  @Test
  void writingAddingRemovingOrRenamingAFileChangesTheStamp() throws Exception {
    FolderStamp s0 = FolderStamp.of(dir);
    Files.writeString(dir.resolve("cacerts/ca.pem"), "two");
    FolderStamp s1 = FolderStamp.of(dir);
    assertThat(s1).isNotEqualTo(s0);
    Files.writeString(dir.resolve("cacerts/other.pem"), "x");
    FolderStamp s2 = FolderStamp.of(dir);
    assertThat(s2).isNotEqualTo(s1);
    Files.delete(dir.resolve("cacerts/other.pem"));
    Files.setLastModifiedTime(dir.resolve("cacerts"), Files.getLastModifiedTime(dir.resolve("cacerts")));
    Path tmp = dir.resolve("cacerts/.ca.pem.tmp");
    Files.writeString(tmp, "two");
    Files.setLastModifiedTime(tmp, Files.getLastModifiedTime(dir.resolve("cacerts/ca.pem")));
    Files.move(tmp, dir.resolve("cacerts/ca.pem"), StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
    // Same name, size and time: the new inode (file key) still tells the rename.
    assertThat(FolderStamp.of(dir)).isNotEqualTo(s1);
  }

  @Test
  void aFileWrittenInPlaceWithTheSameSizeIsSeenByItsModificationTime() throws Exception {
    Path ca = dir.resolve("cacerts/ca.pem");
    Files.setLastModifiedTime(ca, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
    FolderStamp s0 = FolderStamp.of(dir);
    Files.writeString(ca, "owt");
    Files.setLastModifiedTime(ca, FileTime.from(Instant.parse("2026-01-01T00:00:00.000001Z")));
    assertThat(FolderStamp.of(dir)).isNotEqualTo(s0);
  }

  @Test
  void linksAreFollowedAndTheirTargetsStamped() throws Exception {
    Files.createDirectories(dir.resolve("..v1/crls"));
    Files.createDirectories(dir.resolve("..v2/crls"));
    Files.createSymbolicLink(dir.resolve("..data"), Path.of("..v1"));
    Files.createSymbolicLink(dir.resolve("crls"), Path.of("..data/crls"));
    FolderStamp s0 = FolderStamp.of(dir);
    assertThat(s0.directories()).contains(dir.resolve("..v1/crls").toRealPath());
    Path tmp = dir.resolve("..data_tmp");
    Files.createSymbolicLink(tmp, Path.of("..v2"));
    Files.move(tmp, dir.resolve("..data"), StandardCopyOption.ATOMIC_MOVE);
    FolderStamp s1 = FolderStamp.of(dir);
    assertThat(s1).isNotEqualTo(s0);
    assertThat(s1.directories()).contains(dir.resolve("..v2/crls").toRealPath());
  }

  @Test
  void aDanglingLinkOrAMissingFolderIsAStateNotAnError() throws Exception {
    Files.createSymbolicLink(dir.resolve("cacerts/gone.pem"), Path.of("nowhere.pem"));
    FolderStamp dangling = FolderStamp.of(dir);
    assertThat(dangling).isNotNull();
    FolderStamp missing = FolderStamp.of(dir.resolve("absent"));
    assertThat(missing).isEqualTo(FolderStamp.of(dir.resolve("absent")));
    assertThat(missing).isNotEqualTo(dangling);
  }
}
