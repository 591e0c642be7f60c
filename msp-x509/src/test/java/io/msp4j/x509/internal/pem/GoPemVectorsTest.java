package io.msp4j.x509.internal.pem;

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
 * or none, label, headers, bytes and rest must all be Go's (table {@code go123/pem-decode.tsv}).
 */
class GoPemVectorsTest {
  private static final HexFormat HEX = HexFormat.of();

  @Test
  @Tag("SETUP-PARSE-01")
  void pemDecodingIsGos() throws IOException {
    List<String> differences = new ArrayList<>();
    int rows = 0;
    for (String line : lines()) {
      String[] f = line.split("\t", -1);
      String go = String.join("|", f[2], f[3], f[4], f[5], f[6]);
      String ours = ours(HEX.parseHex(f[1]));
      if (!ours.equals(go)) {
        differences.add(f[0] + ":\n  Go    " + go + "\n  msp4j " + ours);
      }
      rows++;
    }
    assertThat(rows).isGreaterThan(40);
    assertThat(differences).isEmpty();
  }

  private static String ours(byte[] input) {
    Optional<PemBlock> b = GoPem.decode(input);
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

  private static List<String> lines() throws IOException {
    try (InputStream in = GoPemVectorsTest.class.getResourceAsStream("/go123/pem-decode.tsv")) {
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
