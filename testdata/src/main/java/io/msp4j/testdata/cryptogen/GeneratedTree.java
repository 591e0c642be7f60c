package io.msp4j.testdata.cryptogen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What {@link CryptoTree#generate(Path)} wrote: the output folder and its organisations.
 *
 * @param root the output folder
 * @param orgs the organisations, peer organisations first (cryptogen's order)
 */
public record GeneratedTree(Path root, List<GeneratedOrg> orgs) {
  public GeneratedTree {
    Objects.requireNonNull(root, "root");
    orgs = List.copyOf(orgs);
  }

  /**
   * The organisation with this domain.
   *
   * @throws IllegalArgumentException if there is none, naming the domains there are
   */
  public GeneratedOrg org(String domain) {
    List<String> known = new ArrayList<>();
    for (GeneratedOrg o : orgs) {
      if (o.domain().equals(domain)) {
        return o;
      }
      known.add(o.domain());
    }
    throw new IllegalArgumentException("no organisation with domain '" + domain + "' (there are "
        + String.join(", ", known) + ")");
  }

  /**
   * Every file and folder under the organisations' folders, relative to {@link #root()}, with
   * {@code /} separators and folders ending in {@code /}, sorted.
   */
  public List<String> listing() {
    List<String> out = new ArrayList<>();
    for (GeneratedOrg o : orgs) {
      try (Stream<Path> walk = Files.walk(o.dir())) {
        walk.forEach(p -> {
          String rel = root.relativize(p).toString().replace('\\', '/');
          out.add(Files.isDirectory(p) ? rel + "/" : rel);
        });
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    out.sort(null);
    return out;
  }
}
