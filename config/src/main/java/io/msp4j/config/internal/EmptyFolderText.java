package io.msp4j.config.internal;

import io.msp4j.core.FabricRelease;

/**
 * What Fabric's folder reader says of an empty {@code signcerts} or {@code cacerts} folder,
 * release by release (REL-FOLDER-01). The verdict is the same in every release (the folder cannot
 * be used), the words are not: from v3.1.4 the reader names the folder ("no signing certificate
 * found in directory ..."); before, it returned neither a configuration nor an error, so that the
 * node failed later, in MSP setup, with "nil conf reference".
 */
final class EmptyFolderText {

  private EmptyFolderText() {}

  /** Whether {@code release}'s reader gives an error of its own for an empty folder. */
  static boolean hasOwnError(FabricRelease release) {
    return release.line() == FabricRelease.Line.V3_1 && release.patch() >= 4;
  }

  /** Fabric's words for an empty {@code signcerts}, after msp4j's, for {@code release}. */
  static String signcerts(FabricRelease release) {
    return hasOwnError(release)
        ? "Fabric " + release + " says \"no signing certificate found in directory ...signcerts\""
            + " [REL-FOLDER-01]"
        : silent(release);
  }

  /** Fabric's words for an empty {@code cacerts}, after msp4j's, for {@code release}. */
  static String cacerts(FabricRelease release) {
    return hasOwnError(release)
        ? "Fabric " + release + " says \"no ca certificate found in directory ...cacerts\""
            + " [REL-FOLDER-01]"
        : silent(release);
  }

  private static String silent(FabricRelease release) {
    return "Fabric " + release + "'s reader returns no configuration and no error here; a node"
        + " then fails in MSP setup with \"nil conf reference\" [REL-FOLDER-01]";
  }
}
