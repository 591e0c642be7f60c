package io.msp4j.testdata.idemix.differential;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The verdicts Fabric's own idemix MSP gave on the {@link IdemixCorpus}, as recorded by
 * {@link FabricIdemixRecorder} in four gzipped tables (tab-separated, one header block of
 * {@code #} lines each):
 *
 * <ul>
 *   <li>{@code configs.tsv.gz}: {@code case fingerprint releases verdict value}: Fabric's
 *       GetIdemixMspConfig of each folder, {@code ok} with the MSPConfig's hex or {@code refused}
 *       with the error;
 *   <li>{@code setups.tsv.gz}: {@code case fingerprint version releases verdict text}:
 *       {@code msp.New} and {@code Setup}, {@code ok}, {@code refused} or {@code panic};
 *   <li>{@code identities.tsv.gz}: {@code case fingerprint org version releases deserialize
 *       validate principals identifier ous serialized text};
 *   <li>{@code signatures.tsv.gz}: {@code case fingerprint org version releases deserialize
 *       verify text}.
 * </ul>
 *
 * <p>{@code releases} is {@code *} when Fabric v2.5.12, v2.5.16, v3.0.0 and v3.1.5 gave the same
 * verdict, otherwise the comma-separated releases that gave this row's (one row per distinct
 * verdict). {@code fingerprint} is the first 16 hex digits of the SHA-256 of the input bytes
 * (see {@code fingerprint()} of the cases): the replay checks it before comparing anything.
 * {@code principals} is one character per principal idemixjudge asks, in {@link #PRINCIPALS}
 * order: {@code o} satisfied, {@code x} not, {@code !} Fabric panicked. {@code identifier} is
 * the hex of {@code GetIdentifier().Id}; {@code ous} is each {@code OU@sha} of
 * {@code GetOrganizationalUnits()} (sha: the fingerprint of its certifiers identifier);
 * {@code serialized} the fingerprint of {@code Serialize()}. {@code text} is Fabric's first
 * error, with the Go struct dumps ({@code with opts [...]}) and pointers ({@code 0x…}) removed;
 * it is for people and never compared.
 */
final class FabricIdemixVerdicts {
  static final List<String> RELEASES = List.of("2.5.12", "2.5.16", "3.0.0", "3.1.5");
  static final List<String> PRINCIPALS = List.of("role_member", "role_admin", "role_client", "role_peer",
      "role_orderer", "ou_own", "ou_other", "anonymity_anonymous", "anonymity_nominal", "identity",
      "combined_member_anonymous");
  static final String CONFIGS = "configs.tsv.gz";
  static final String SETUPS = "setups.tsv.gz";
  static final String IDENTITIES = "identities.tsv.gz";
  static final String SIGNATURES = "signatures.tsv.gz";

  /** One row: its key columns, its releases, its verdict columns and its text. */
  record Row(List<String> key, String releases, List<String> verdict, String text) {
    boolean covers(String release) {
      return releases.equals("*") || Arrays.asList(releases.split(",")).contains(release);
    }

    String fingerprint() {
      return key.get(1);
    }

    String line() {
      List<String> f = new ArrayList<>(key);
      f.add(releases);
      f.addAll(verdict);
      f.add(text);
      return String.join("\t", f);
    }
  }

  /** A table: rows by key (case and the other key columns), several rows when releases differ. */
  record Table(String name, int keyColumns, Map<List<String>, List<Row>> rows) {
    /** The row of {@code release} for this key (case name first, fingerprint left out). */
    Row row(String release, String... key) {
      List<Row> rs = rows.get(List.of(key));
      if (rs == null) {
        return null;
      }
      return rs.stream().filter(r -> r.covers(release)).findFirst().orElse(null);
    }

    int size() {
      return rows.size();
    }

    List<Row> allRows() {
      return rows.values().stream().flatMap(List::stream).toList();
    }
  }

  private FabricIdemixVerdicts() {}

  /**
   * Reads a table from the class path (next to this class).
   *
   * @param keyColumns how many leading columns (case, fingerprint, then e.g. org and version)
   *     identify a row apart from its releases
   */
  static Table read(String name, int keyColumns) {
    try (InputStream raw = FabricIdemixVerdicts.class.getResourceAsStream(name)) {
      if (raw == null) {
        return null;
      }
      String text = new String(new GZIPInputStream(raw).readAllBytes(), StandardCharsets.UTF_8);
      return parse(name, keyColumns, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Table parse(String name, int keyColumns, String text) {
    Map<List<String>, List<Row>> rows = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      List<String> key = List.of(Arrays.copyOfRange(f, 0, keyColumns));
      Row row = new Row(key, f[keyColumns], List.of(Arrays.copyOfRange(f, keyColumns + 1, f.length - 1)),
          f[f.length - 1]);
      List<String> lookup = new ArrayList<>(key);
      lookup.remove(1); // the fingerprint is checked, not looked up
      rows.computeIfAbsent(List.copyOf(lookup), k -> new ArrayList<>()).add(row);
    }
    return new Table(name, keyColumns, rows);
  }

  /**
   * Merges one row per release into the table's rows: one {@code *} row where every release gave
   * the same verdict, else one row per distinct verdict naming its releases.
   *
   * @param perRelease for each release (in {@link #RELEASES} order), the rows it gave
   */
  static List<String> merge(Map<String, List<Row>> perRelease) {
    Map<List<String>, Map<List<String>, List<String>>> byKey = new LinkedHashMap<>();
    Map<List<String>, Map<List<String>, String>> texts = new LinkedHashMap<>();
    for (String release : RELEASES) {
      for (Row r : Objects.requireNonNull(perRelease.get(release), release)) {
        byKey.computeIfAbsent(r.key(), k -> new LinkedHashMap<>())
            .computeIfAbsent(r.verdict(), v -> new ArrayList<>()).add(release);
        texts.computeIfAbsent(r.key(), k -> new LinkedHashMap<>()).putIfAbsent(r.verdict(), r.text());
      }
    }
    List<String> lines = new ArrayList<>();
    byKey.forEach((key, verdicts) -> verdicts.forEach((verdict, releases) -> {
      String rel = releases.size() == RELEASES.size() && verdicts.size() == 1 ? "*" : String.join(",", releases);
      lines.add(new Row(key, rel, verdict, texts.get(key).get(verdict)).line());
    }));
    return lines;
  }

  static byte[] gzip(String header, List<String> lines) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(header.getBytes(StandardCharsets.UTF_8));
      for (String l : lines) {
        gz.write((l + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /**
   * Fabric's error text made comparable and short: Go {@code %v} dumps of option structs
   * ({@code with opts [...]}) and pointer values removed, the no-break space that
   * google.golang.org/protobuf puts after {@code proto:} in some builds made a space, tabs and
   * line breaks made spaces.
   */
  static String normalise(String text) {
    if (text == null) {
      return "-";
    }
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      if (text.startsWith("with opts [", i)) {
        int depth = 0;
        int j = i + "with opts ".length();
        for (; j < text.length(); j++) {
          char c = text.charAt(j);
          if (c == '[') {
            depth++;
          } else if (c == ']' && --depth == 0) {
            break;
          }
        }
        out.append("with opts [...]");
        i = j + 1;
      } else {
        out.append(text.charAt(i++));
      }
    }
    return out.toString().replaceAll("0x[0-9a-f]+", "0x…").replace('\u00a0', ' ').replaceAll("[\t\r\n]+", " ");
  }
}
