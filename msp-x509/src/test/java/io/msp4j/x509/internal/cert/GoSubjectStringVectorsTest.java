package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.differential.DifferentialGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Tag;
import io.msp4j.core.GoVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every string type in a subject attribute, with valid and invalid contents (BMPString surrogate
 * pairs, lone surrogates, terminators and odd lengths; T61String bytes that are not UTF-8;
 * UTF8String, PrintableString, IA5String and NumericString edge bytes; unsupported types): each
 * value is put in a certificate built here, and the parse verdict and the OU's bytes must be the
 * ones Go 1.23 gave for the same value (table {@code go123/subject-strings.tsv}).
 */
class GoSubjectStringVectorsTest {

  @ParameterizedTest(name = "Go 1.{1}.{2}")
  @CsvSource({"go123, 23, 5", "go124, 24, 4", "go125, 25, 12", "go126, 26, 11"})
  @Tag("IDENT-03")
  @Tag("REL-X509-08")
  void subjectStringsDecodeAsGoDecodesThem(String table, int minor, int patch)
      throws IOException {
    GoX509Rules rules = GoX509Rules.of(GoVersion.of(minor, patch));
    List<String> differences = new ArrayList<>();
    int rows = 0;
    for (String line : lines(table)) {
      String[] f = line.split("\t", -1);
      byte[] value = HexFormat.of().parseHex(f[0]);
      String ours = verdict(value, rules);
      String go = f[1].equals("ok") ? "ok\t" + f[2] : "error";
      if (!ours.equals(go)) {
        differences.add(f[0] + ": Go " + go + ", msp4j " + ours);
      }
      rows++;
    }
    assertThat(rows).isGreaterThan(70);
    assertThat(differences).isEmpty();
  }

  @Test
  @Tag("IDENT-03")
  void goStringsKeepBytesThatAreNotUtf8AndMatchNothingReadFromText() {
    byte[] latin1 = {'c', 'a', 'f', (byte) 0xe9};
    String s = GoStrings.fromBytes(latin1);
    assertThat(GoStrings.toBytes(s)).containsExactly(latin1);
    assertThat(s).isNotEqualTo("caf\u00e9").isNotEqualTo("caf\ufffd");
    byte[] utf8 = "caf\u00e9 \ud83d\ude00".getBytes(StandardCharsets.UTF_8);
    assertThat(GoStrings.fromBytes(utf8)).isEqualTo("caf\u00e9 \ud83d\ude00");
    assertThat(GoStrings.toBytes(GoStrings.fromBytes(utf8))).containsExactly(utf8);
  }

  private static String verdict(byte[] value, GoX509Rules rules) {
    byte[] atv = tlv(0x30, concat(new byte[] {0x06, 0x03, 0x55, 0x04, 0x0b}, value));
    byte[] name = tlv(0x30, tlv(0x31, atv));
    byte[] der = DifferentialGenerator.selfSignedWithRawName(name, value.length);
    try {
      List<String> ous = ParsedCertificate.parse(der, rules).subjectOrganizationalUnits();
      return ous.size() == 1 ? "ok\t" + HexFormat.of().formatHex(GoStrings.toBytes(ous.get(0)))
          : "ok-no-ou";
    } catch (CertificateParseException e) {
      return "error";
    }
  }

  private static List<String> lines(String table) throws IOException {
    try (InputStream in = GoSubjectStringVectorsTest.class
        .getResourceAsStream("/" + table + "/subject-strings.tsv")) {
      List<String> out = new ArrayList<>();
      for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!l.isEmpty() && !l.startsWith("#")) {
          out.add(l);
        }
      }
      return out;
    }
  }

  private static byte[] tlv(int tag, byte[] content) {
    byte[] out = new byte[content.length + 2];
    out[0] = (byte) tag;
    out[1] = (byte) content.length;
    System.arraycopy(content, 0, out, 2, content.length);
    return out;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
