package io.msp4j.testdata.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A short, deterministic fuzz run of one Jazzer target inside a normal test run: the target's
 * committed seed inputs (the folder Jazzer replays, {@code <package>/<Class>Inputs/<method>/} on
 * the test class path) and a fixed number of mutations of them ({@link SeedMutator}) are given to
 * the target's property. Jazzer itself explores far more with {@code JAZZER_FUZZ=1}; this keeps
 * every target exercised beyond its seeds in every build, in well under a second per target.
 */
public final class ShortRun {
  private ShortRun() {}

  /**
   * Runs the property on the seeds and {@code mutations} mutated inputs.
   *
   * @return how many inputs were run
   * @throws AssertionError naming the target and the failing input (hex) when the property fails
   *     on one, with the property's failure as its cause; also when the target has no seeds
   */
  public static int run(Class<?> fuzzClass, String target, int mutations, Consumer<byte[]> property) {
    List<byte[]> seeds = seeds(fuzzClass, target);
    if (seeds.isEmpty()) {
      throw new AssertionError("no seed inputs for " + fuzzClass.getSimpleName() + "#" + target);
    }
    int runs = 0;
    for (byte[] s : seeds) {
      check(fuzzClass, target, property, s);
      runs++;
    }
    SeedMutator mutator = new SeedMutator(seeds, (fuzzClass.getName() + "#" + target).hashCode());
    for (int i = 0; i < mutations; i++) {
      check(fuzzClass, target, property, mutator.next());
      runs++;
    }
    return runs;
  }

  private static void check(Class<?> fuzzClass, String target, Consumer<byte[]> property, byte[] input) {
    try {
      property.accept(input.clone());
    } catch (RuntimeException | AssertionError | StackOverflowError e) {
      String hex = HexFormat.of().formatHex(input, 0, Math.min(input.length, 4096));
      throw new AssertionError(
          fuzzClass.getSimpleName() + "#" + target + " fails on an input of " + input.length
              + " bytes: " + hex + (input.length > 4096 ? "..." : ""), e);
    }
  }

  /** The committed seed inputs of a target, in file-name order. */
  public static List<byte[]> seeds(Class<?> fuzzClass, String target) {
    String dir = fuzzClass.getName().replace('.', '/') + "Inputs/" + target;
    URL url = fuzzClass.getClassLoader().getResource(dir);
    if (url == null) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(Paths.get(url.toURI()))) {
      List<byte[]> out = new ArrayList<>();
      for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
        out.add(Files.readAllBytes(p));
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
