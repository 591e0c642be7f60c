package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Tag;
import io.msp4j.core.GoVersion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Certificate parsing against Go 1.23's {@code x509.ParseCertificate}: DER strictness (lengths,
 * integers, booleans, bit strings, OIDs, trailing data), UTCTime and GeneralizedTime forms,
 * versions and serials, keys, names and every handled extension with good and bad encodings.
 * The verdict and the parsed validity, CA flag, path length, key usage and number of unhandled
 * critical extensions must be Go's (table {@code go123/x509-parse.tsv}).
 */
class GoParseVectorsTest {

  @ParameterizedTest(name = "Go 1.{1}.{2}")
  @CsvSource({"go123, 23, 5", "go124, 24, 4", "go125, 25, 12", "go126, 26, 11"})
  @Tag("SETUP-PARSE-01")
  @Tag("REL-X509-05")
  @Tag("REL-X509-06")
  @Tag("REL-X509-07")
  void parsingIsGos(String table, int minor, int patch) throws IOException {
    GoX509Rules rules = GoX509Rules.of(GoVersion.of(minor, patch));
    List<String> differences = new ArrayList<>();
    int rows = 0;
    for (String line : lines(table)) {
      String[] f = line.split("\t", -1);
      String ours = ours(HexFormat.of().parseHex(f[1]), rules);
      String go = f[2].equals("ok") ? "ok " + pathLenAsUsed(f[3]) : "error";
      if (!ours.equals(go)) {
        differences.add(f[0] + ": Go " + go + (f[2].equals("ok") ? "" : " (" + f[3] + ")")
            + ", msp4j " + ours);
      }
      rows++;
    }
    assertThat(rows).isGreaterThan(150);
    assertThat(differences).isEmpty();
  }

  private static String ours(byte[] der, GoX509Rules rules) {
    try {
      ParsedCertificate c = ParsedCertificate.parse(der, rules);
      return "ok nb=" + c.notBefore().getEpochSecond() + " na=" + c.notAfter().getEpochSecond()
          + " ca=" + c.isCa() + " bcv=" + c.basicConstraintsPresent() + " pathlen="
          + (c.basicConstraintsPresent() ? c.maxPathLen() : "unused") + " ku=" + c.keyUsageBits() + " unhandled="
          + c.unhandledCriticalExtensions().size();
    } catch (CertificateParseException e) {
      return "error";
    }
  }

  /**
   * The path length as chain building uses it: only with basicConstraints present (Go leaves its
   * zero value otherwise), and within an int (msp4j keeps larger values as the same constraint).
   */
  private static String pathLenAsUsed(String fields) {
    boolean present = fields.contains(" bcv=true ");
    StringBuilder out = new StringBuilder();
    for (String kv : fields.split(" ")) {
      if (kv.startsWith("pathlen=")) {
        long v = Long.parseLong(kv.substring(8));
        kv = "pathlen=" + (present
            ? String.valueOf(Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v))) : "unused");
      }
      out.append(out.length() == 0 ? "" : " ").append(kv);
    }
    return out.toString();
  }

  private static List<String> lines(String table) throws IOException {
    try (InputStream in = GoParseVectorsTest.class.getResourceAsStream(
        "/" + table + "/x509-parse.tsv")) {
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
