package io.msp4j.idemix;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/** The tables of Fabric verdicts under src/test/resources (see their header lines). */
final class Vectors {
  private Vectors() {}

  static List<String[]> rows(String name) {
    try (InputStream in = Vectors.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#"))
          .map(l -> l.split("\t", -1))
          .toList();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static byte[] hex(String s) {
    return HexFormat.of().parseHex(s);
  }

  static byte[] issuerA() {
    return rows("idemix-ipk.tsv").stream()
        .filter(r -> r[0].equals("good-issuer-a"))
        .map(r -> hex(r[3]))
        .findFirst()
        .orElseThrow();
  }

  static String[] row(String file, String name) {
    return rows(file).stream().filter(r -> r[0].equals(name)).findFirst()
        .orElseThrow(() -> new IllegalStateException(name + " not in " + file + ": "
            + Arrays.toString(rows(file).stream().map(r -> r[0]).toArray())));
  }
}
