package io.msp4j.x509.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.GoVersion;
import io.msp4j.x509.internal.cert.CertificateParseException;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The recorded answers of Go 1.23.5, 1.24.4, 1.25.12 and 1.26.11 on chains built for the release
 * differences ({@code release/x509-release.tsv}): each certificate parsed, then the leaf verified
 * as Fabric's MSP verifies it. msp4j, given each Go release's rules, must give the same verdict:
 * a chain found, no chain, or which certificate does not parse.
 */
class GoReleaseVectorsTest {
  private static final String TABLE = "/release/x509-release.tsv";

  @Test
  @Tag("REL-X509-01")
  @Tag("REL-X509-02")
  @Tag("REL-X509-03")
  @Tag("REL-X509-04")
  @Tag("REL-X509-05")
  @Tag("REL-X509-06")
  @Tag("REL-X509-07")
  @Tag("REL-X509-08")
  @Tag("REL-URL-01")
  void everyChainGetsTheVerdictOfEachGoRelease() {
    List<GoVersion> versions = versions();
    List<GoVectors.Row> rows = GoVectors.read(TABLE);
    List<String> differences = new ArrayList<>();
    int compared = 0;
    for (GoVectors.Row row : rows) {
      for (int v = 0; v < versions.size(); v++) {
        GoX509Rules rules = GoX509Rules.of(versions.get(v));
        String expected = row.get(4 + 2 * v);
        String ours = verdict(row, rules);
        compared++;
        if (!ours.equals(expected)) {
          differences.add(row.get(0) + " at Go " + versions.get(v) + ": Go " + expected + " ("
              + row.get(5 + 2 * v) + "), msp4j " + ours);
        }
      }
    }
    assertThat(rows).hasSizeGreaterThan(300);
    assertThat(differences).as("%d of %d verdicts differ", differences.size(), compared)
        .isEmpty();
  }

  /** The Go releases of the table's {@code # go} line, in column order. */
  private static List<GoVersion> versions() {
    for (String line : GoVectors.comments(TABLE)) {
      if (line.startsWith("# go\t")) {
        List<GoVersion> out = new ArrayList<>();
        for (String v : line.substring(5).split("\t")) {
          String[] p = v.split("\\.");
          out.add(GoVersion.of(Integer.parseInt(p[1]), Integer.parseInt(p[2])));
        }
        return out;
      }
    }
    throw new AssertionError("no '# go' line in " + TABLE);
  }

  /** msp4j's verdict in the table's words. */
  private static String verdict(GoVectors.Row row, GoX509Rules rules) {
    ParsedCertificate root;
    List<ParsedCertificate> icas = new ArrayList<>();
    ParsedCertificate leaf;
    try {
      root = parse(row.get(1), rules);
    } catch (CertificateParseException e) {
      return "root-unparsable";
    }
    try {
      if (!row.get(2).equals("-")) {
        for (String hex : row.get(2).split(",")) {
          icas.add(parse(hex, rules));
        }
      }
    } catch (CertificateParseException e) {
      return "ica-unparsable";
    }
    try {
      leaf = parse(row.get(3), rules);
    } catch (CertificateParseException e) {
      return "leaf-unparsable";
    }
    PathResult r = PathBuilder.withBouncyCastle(rules).findPaths(leaf, leaf.verificationTime(),
        CertPool.of(List.of(root)), CertPool.of(icas));
    return r.found() ? "ok" : "rejected";
  }

  private static ParsedCertificate parse(String hex, GoX509Rules rules) {
    return ParsedCertificate.parse(HexFormat.of().parseHex(hex), rules);
  }
}
