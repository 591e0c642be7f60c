package io.msp4j.config.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * A gzipped table of Fabric's verdicts on a differential corpus (one line per setup and per
 * identity, keyed by case and file), and the comparison of msp4j's lines with it.
 *
 * @param resource the table's class-path name
 * @param rows the lines by key
 * @param seeds the {@code # seeds A-B} range, when the table has one
 */
record RecordedVerdicts(String resource, Map<String, String> rows, Optional<long[]> seeds) {

  static RecordedVerdicts read(String resource) {
    try (InputStream raw = RecordedVerdicts.class.getResourceAsStream(resource)) {
      assertThat(raw).as("table " + resource).isNotNull();
      String text = new String(new GZIPInputStream(raw).readAllBytes(), StandardCharsets.UTF_8);
      Map<String, String> rows = new LinkedHashMap<>();
      long[] range = null;
      for (String line : text.split("\n")) {
        if (line.startsWith("# seeds ")) {
          String[] r = line.substring(8).trim().split("-");
          range = new long[] {Long.parseLong(r[0]), Long.parseLong(r[1])};
        } else if (!line.isEmpty() && !line.startsWith("#")) {
          rows.put(key(line), line);
        }
      }
      return new RecordedVerdicts(resource, rows, Optional.ofNullable(range));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String key(String line) {
    String[] f = line.split("\t", 3);
    return f[0] + "\t" + f[1];
  }

  /** Every line of {@code ours} that differs from the table, and every table line msp4j lacks. */
  List<String> differences(List<String> ours) {
    Map<String, String> left = new LinkedHashMap<>(rows);
    List<String> out = new ArrayList<>();
    for (String line : ours) {
      String expected = left.remove(key(line));
      if (!line.equals(expected)) {
        out.add("msp4j  " + line + "\nfabric " + expected);
      }
    }
    for (String missing : left.values()) {
      out.add("msp4j  (nothing)\nfabric " + missing);
    }
    return out;
  }
}
