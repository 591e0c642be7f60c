package io.msp4j.pkcs11;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A SoftHSM2 installation for one test: its own configuration and token folder in a temporary
 * directory, selected through SOFTHSM2_CONF, which the library reads when it is initialised (the
 * variable is set in this process's environment, since the library runs in it). Tests that need
 * it are skipped, with the reason, when SoftHSM2 is not installed; CI installs it.
 */
public final class SoftHsm {
  public static final String USER_PIN = "98765432";
  public static final String SO_PIN = "12345678";

  private static final List<String> LIBRARY_PATHS =
      List.of(
          "/usr/lib/softhsm/libsofthsm2.so",
          "/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so",
          "/usr/lib/aarch64-linux-gnu/softhsm/libsofthsm2.so",
          "/usr/local/lib/softhsm/libsofthsm2.so");

  private final Path conf;
  private final String library;

  private SoftHsm(Path conf, String library) {
    this.conf = conf;
    this.library = library;
  }

  /** Sets up an empty SoftHSM2 in {@code dir}, or skips the test when SoftHSM2 is missing. */
  public static SoftHsm in(Path dir) throws IOException {
    Optional<String> lib = LIBRARY_PATHS.stream().filter(p -> Files.isRegularFile(Path.of(p))).findFirst();
    assumeTrue(lib.isPresent() && onPath("softhsm2-util"),
        "SoftHSM2 is not installed (apt-get install softhsm2); .ci/run installs it, so these tests run in CI");
    Path tokens = Files.createDirectories(dir.resolve("tokens"));
    Path conf = dir.resolve("softhsm2.conf");
    Files.writeString(conf,
        "directories.tokendir = " + tokens + "\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\n");
    LibC.INSTANCE.setenv("SOFTHSM2_CONF", conf.toString(), 1);
    return new SoftHsm(conf, lib.get());
  }

  /** The PKCS#11 library path. */
  public String library() {
    return library;
  }

  /** The configuration file. */
  public Path conf() {
    return conf;
  }

  /** Creates a token with this label and the user PIN {@link #USER_PIN}. */
  public SoftHsm initToken(String label) throws IOException, InterruptedException {
    run("softhsm2-util", "--init-token", "--free", "--label", label, "--so-pin", SO_PIN, "--pin", USER_PIN);
    return this;
  }

  /** Settings for a token of this installation, with the right PIN. */
  public Pkcs11Settings.Builder settings(String label) {
    return Pkcs11Settings.builder().library(library).label(label).pin(USER_PIN);
  }

  /** Runs a tool with this installation's SOFTHSM2_CONF; fails on a non-zero exit status. */
  public String run(String... command) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().put("SOFTHSM2_CONF", conf.toString());
    Process p = pb.start();
    byte[] out = p.getInputStream().readAllBytes();
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " failed: " + new String(out, StandardCharsets.UTF_8));
    }
    return new String(out, StandardCharsets.UTF_8);
  }

  /** Whether a program is on the PATH. */
  public static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String d : path.split(":")) {
      if (Files.isExecutable(Path.of(d, program))) {
        return true;
      }
    }
    return false;
  }

  /** setenv(3), for SOFTHSM2_CONF. */
  interface LibC extends Library {
    LibC INSTANCE = Native.load("c", LibC.class);

    int setenv(String name, String value, int overwrite);
  }
}
