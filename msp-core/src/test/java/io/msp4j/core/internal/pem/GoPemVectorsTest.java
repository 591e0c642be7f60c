package io.msp4j.core.internal.pem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * PEM decoding against Go 1.23's {@code encoding/pem.Decode} on framing edge cases (line endings,
 * text around and between blocks, labels, headers, whitespace and bad base64 in the body): block
 * or none, label, headers, bytes and rest must all be Go's (table {@code go123/pem-decode.tsv}),
 * and on bodies at the edges of the fast path for regular lines (table {@code
 * go123/pem-decode-usual-bodies.tsv}) with and without that path.
 */
class GoPemVectorsTest {
  private static final HexFormat HEX = HexFormat.of();

  @Test
  @Tag("SETUP-PARSE-01")
  void pemDecodingIsGos() throws IOException {
    List<String> differences = new ArrayList<>();
    int rows = 0;
    for (String line : lines("/go123/pem-decode.tsv")) {
      String[] f = line.split("\t", -1);
      String go = String.join("|", f[2], f[3], f[4], f[5], f[6]);
      String ours = ours(HEX.parseHex(f[1]), true);
      if (!ours.equals(go)) {
        differences.add(f[0] + ":\n  Go    " + go + "\n  msp4j " + ours);
      }
      rows++;
    }
    assertThat(rows).isGreaterThan(40);
    assertThat(differences).isEmpty();
  }

  /**
   * Bodies the fast path reads or must hand back: whitespace, CR or padding inside lines, CR LF
   * mixed with LF, padding split over lines or in the middle, non-zero unused bits, missing
   * padding, lines of 128 characters and more, last lines longer than the first, blank lines,
   * END lines inside or glued to the body, headers, several blocks. Both paths must give Go's
   * answer, and the fast path must take part of them.
   */
  @Test
  @Tag("SETUP-PARSE-01")
  void usualBodiesAndTheirNeighboursDecodeAsGoOnBothPaths() throws IOException {
    List<String> differences = new ArrayList<>();
    int rows = 0;
    int readFast = 0;
    for (String line : lines("/go123/pem-decode-usual-bodies.tsv")) {
      String[] f = line.split("\t", -1);
      String go = String.join("|", f[2], f[3], f[4], f[5], f[6]);
      byte[] input = HEX.parseHex(f[1]);
      for (boolean fastPath : new boolean[] {true, false}) {
        String ours = ours(input, fastPath);
        if (!ours.equals(go)) {
          differences.add(f[0] + (fastPath ? " (fast path)" : " (reference)") + ":\n  Go    " + go
              + "\n  msp4j " + ours);
        }
      }
      int body = new String(input, StandardCharsets.ISO_8859_1).indexOf("-----\n") + 6;
      readFast += body > 5 && GoPem.fastBody(input, body) != null ? 1 : 0;
      rows++;
    }
    assertThat(rows).isGreaterThan(50);
    assertThat(readFast).isGreaterThan(20);
    assertThat(differences).isEmpty();
  }

  private static String ours(byte[] input, boolean fastPath) {
    Optional<PemBlock> b = GoPem.decode(input, fastPath);
    if (b.isEmpty()) {
      return "none||||" + HEX.formatHex(input);
    }
    PemBlock block = b.get();
    Map<String, String> sorted = new TreeMap<>(block.headers());
    List<String> hs = new ArrayList<>();
    sorted.forEach((k, v) -> hs.add(hex(k) + "=" + hex(v)));
    return String.join("|", "block", hex(block.type()), String.join(",", hs),
        HEX.formatHex(block.bytes()), HEX.formatHex(block.rest()));
  }

  private static String hex(String s) {
    return HEX.formatHex(s.getBytes(StandardCharsets.ISO_8859_1));
  }

  private static List<String> lines(String table) throws IOException {
    try (InputStream in = GoPemVectorsTest.class.getResourceAsStream(table)) {
      List<String> out = new ArrayList<>();
      for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!l.isEmpty() && !l.startsWith("#")) {
          out.add(l);
        }
      }
      return out;
    }
  }
}
