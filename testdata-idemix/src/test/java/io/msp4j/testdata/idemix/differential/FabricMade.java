package io.msp4j.testdata.idemix.differential;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Inputs that Fabric's own idemix code made and that cannot be made again from a seed (Fabric
 * draws from crypto/rand): an organisation made by Fabric's issuer code (its public files and
 * its users' signer configurations), identities and signatures Fabric's signers made with
 * msp4j's generated users, and the forgeries of idemixjudge's {@code forge}. Kept as hex in
 * {@code fabric-made.tsv}, one {@code name<TAB>hex} line each; {@link FabricIdemixRecorder} wrote
 * them.
 *
 * @param bytes the inputs by name, in the file's order
 */
record FabricMade(Map<String, byte[]> bytes) {
  static final String RESOURCE = "fabric-made.tsv";

  FabricMade {
    bytes = Collections.unmodifiableMap(new LinkedHashMap<>(bytes));
  }

  static FabricMade none() {
    return new FabricMade(Map.of());
  }

  /** The committed table, or none when it is not there (before the first recording). */
  static FabricMade load() {
    try (InputStream in = FabricMade.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return none();
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.US_ASCII));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static FabricMade parse(String text) {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      out.put(f[0], HexFormat.of().parseHex(f[1]));
    }
    return new FabricMade(out);
  }

  boolean has(String name) {
    return bytes.containsKey(name);
  }

  byte[] get(String name) {
    byte[] b = bytes.get(name);
    return Objects.requireNonNull(b, () -> "no Fabric-made input '" + name + "' in " + RESOURCE).clone();
  }

  /** The table's text, with a header saying what made it. */
  String format(String header) {
    StringBuilder out = new StringBuilder(header);
    bytes.forEach((k, v) -> out.append(k).append('\t').append(HexFormat.of().formatHex(v)).append('\n'));
    return out.toString();
  }
}
