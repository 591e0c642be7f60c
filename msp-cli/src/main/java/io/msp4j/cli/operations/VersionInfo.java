package io.msp4j.cli.operations;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.Properties;

/**
 * What {@code GET /version} answers, named as Fabric's: {@code {"CommitSHA": ..., "Version":
 * ...}}. The build writes both into the command's jar; a build outside a git checkout has
 * Fabric's own placeholder commit, {@code development build}.
 *
 * @param version the msp4j version, such as {@code 0.1.0}
 * @param commitSha the commit it was built from
 */
public record VersionInfo(String version, String commitSha) {
  private static final String RESOURCE = "version.properties";

  /** Checks the parts. */
  public VersionInfo {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(commitSha, "commitSha");
  }

  /** The command's own, from the properties the build wrote. */
  public static VersionInfo ofCommand() {
    Properties p = new Properties();
    try (InputStream in = VersionInfo.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // unreadable: the placeholders below
    }
    String commit = p.getProperty("commit", "").strip();
    return new VersionInfo(p.getProperty("version", "unknown"),
        commit.isEmpty() || commit.startsWith("${") ? "development build" : commit);
  }
}
