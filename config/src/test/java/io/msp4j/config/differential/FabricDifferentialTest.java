package io.msp4j.config.differential;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.differential.DifferentialGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The differential corpus against Fabric's recorded verdicts: every MSP of the seed list is
 * generated again, set up and asked about each of its identities, and every answer (setup
 * outcome, deserialisation, validation, ROLE principals, OUs) must equal the one Fabric v3.0.0's
 * own msp package gave for the same bytes (gzipped table {@code differential/fabric-v3.0.0.tsv.gz};
 * its {@code # seeds A-B} line gives the seed list).
 *
 * <p>With {@code -Dmsp4j.differential.out=DIR} the corpus is also written to DIR, with msp4j's
 * answers in {@code DIR/msp4j.tsv}, for running Fabric over it again.
 */
class FabricDifferentialTest {
  private static final String TABLE = "/differential/fabric-v3.0.0.tsv.gz";

  @TempDir Path work;

  @Test
  @Tag("CHAIN-05")
  @Tag("VALIDATE-01")
  @Tag("IDENT-03")
  @Tag("NODEOU-05")
  void everyGeneratedIdentityGetsFabricsVerdict() throws IOException {
    Map<String, String> fabric = new LinkedHashMap<>();
    long[] seeds = seeds(fabric);
    String out = System.getProperty("msp4j.differential.out");
    Path corpus = out != null ? Files.createDirectories(Path.of(out)) : work;
    List<String> ours = new ArrayList<>();
    for (long seed = seeds[0]; seed <= seeds[1]; seed++) {
      ours.addAll(MspVerdicts.of(DifferentialGenerator.generate(seed), corpus));
    }
    if (out != null) {
      Files.write(corpus.resolve("msp4j.tsv"), ours, StandardCharsets.UTF_8);
    }
    List<String> differences = new ArrayList<>();
    int identities = 0;
    for (String line : ours) {
      String key = key(line);
      String expected = fabric.remove(key);
      if (!line.contains("\tsetup\t")) {
        identities++;
      }
      if (!line.equals(expected)) {
        differences.add("msp4j  " + line + "\nfabric " + expected);
      }
    }
    for (String missing : fabric.values()) {
      differences.add("msp4j  (nothing)\nfabric " + missing);
    }
    assertThat(identities).isGreaterThanOrEqualTo(10_000);
    assertThat(differences).as("%d of %d answers differ from Fabric's", differences.size(),
        ours.size()).isEmpty();
  }

  private static String key(String line) {
    String[] f = line.split("\t", 3);
    return f[0] + "\t" + f[1];
  }

  /** Reads the table into {@code rows} and returns its seed range from the "# seeds A-B" line. */
  private static long[] seeds(Map<String, String> rows) {
    try (InputStream in = new java.util.zip.GZIPInputStream(
        FabricDifferentialTest.class.getResourceAsStream(TABLE))) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      long[] range = null;
      for (String line : text.split("\n")) {
        if (line.startsWith("# seeds ")) {
          String[] r = line.substring(8).trim().split("-");
          range = new long[] {Long.parseLong(r[0]), Long.parseLong(r[1])};
        } else if (!line.isEmpty() && !line.startsWith("#")) {
          rows.put(key(line), line);
        }
      }
      assertThat(range).as("seed range line in " + TABLE).isNotNull();
      return range;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
