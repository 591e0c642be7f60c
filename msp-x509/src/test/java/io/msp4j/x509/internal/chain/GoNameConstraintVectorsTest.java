package io.msp4j.x509.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.CertificateParseException;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.junit.jupiter.api.Tag;
import io.msp4j.core.GoVersion;
import io.msp4j.x509.internal.cert.GoX509Rules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Name constraints of every name type against SANs of every type, well-formed or not, with the
 * constraint on the root or on the intermediate, and the SAN on the leaf or on the intermediate:
 * each case is built here and must get the verdict Go 1.23's parser and verifier gave the same
 * certificates (table {@code go123/name-constraints.tsv}).
 */
class GoNameConstraintVectorsTest {
  private static final String SAN = "2.5.29.17";
  private static final String NAME_CONSTRAINTS = "2.5.29.30";

  private final TestPki pki = TestPki.seeded("go123-name-constraints");
  private final java.security.KeyPair key = pki.keyPair(io.msp4j.testdata.KeyAlgorithm.EC_P256);

  @ParameterizedTest(name = "Go 1.{1}.{2}")
  @CsvSource({"go123, 23, 5", "go124, 24, 4", "go125, 25, 12", "go126, 26, 11"})
  @Tag("CHAIN-05")
  @Tag("REL-X509-01")
  @Tag("REL-X509-02")
  @Tag("REL-X509-03")
  @Tag("REL-X509-04")
  void everyNameConstraintCaseGetsGosVerdict(String table, int minor, int patch) {
    GoX509Rules rules = GoX509Rules.of(GoVersion.of(minor, patch));
    List<GoVectors.Row> rows = GoVectors.read("/" + table + "/name-constraints.tsv");
    assertThat(rows).hasSizeGreaterThan(2000);
    List<String> differences = new ArrayList<>();
    for (GoVectors.Row row : rows) {
      String ours = verdict(row, rules);
      if (!ours.equals(row.get(8))) {
        differences.add(row + " -> msp4j " + ours);
      }
    }
    assertThat(differences).as("%d differences", differences.size()).isEmpty();
  }

  private String verdict(GoVectors.Row row, GoX509Rules rules) {
    String where = row.get(0);
    byte[] constraint = nameConstraints(row);
    byte[] san = der(0x30, generalName(Integer.parseInt(row.get(5)), row.bytes(6)));
    boolean critical = row.get(3).equals("critical");
    byte[] okSan = der(0x30, generalName(2, "ok.example.com".getBytes()));
    CertificateBuilder root = pki.certificate().subject("CN=root").keyPair(key).ca();
    CertificateBuilder ica = pki.certificate().subject("CN=ica").keyPair(key).ca();
    CertificateBuilder leaf = pki.certificate().subject("CN=leaf").keyPair(key);
    switch (where) {
      case "root" -> {
        withOptional(root, constraint, critical);
        leaf.extension(new org.bouncycastle.asn1.ASN1ObjectIdentifier(SAN), false, san);
      }
      case "ica" -> {
        withOptional(ica, constraint, critical);
        leaf.extension(new org.bouncycastle.asn1.ASN1ObjectIdentifier(SAN), false, san);
      }
      case "icasan" -> {
        withOptional(root, constraint, critical);
        ica.extension(new org.bouncycastle.asn1.ASN1ObjectIdentifier(SAN), false, san);
        leaf.extension(new org.bouncycastle.asn1.ASN1ObjectIdentifier(SAN), false, okSan);
      }
      default -> throw new IllegalArgumentException(where);
    }
    if (row.get(7).equals("clientAuth")) {
      leaf.extendedKeyUsage(false, KeyPurposeId.id_kp_clientAuth);
    }
    IssuedCertificate rootCert = root.build();
    IssuedCertificate icaCert = ica.issuer(rootCert).build();
    IssuedCertificate leafCert = leaf.issuer(icaCert).build();
    Optional<ParsedCertificate> r = parse(rootCert, rules);
    if (r.isEmpty()) {
      return "root-unparsable";
    }
    Optional<ParsedCertificate> i = parse(icaCert, rules);
    if (i.isEmpty()) {
      return "ica-unparsable";
    }
    Optional<ParsedCertificate> l = parse(leafCert, rules);
    if (l.isEmpty()) {
      return "leaf-unparsable";
    }
    PathResult result = PathBuilder.withBouncyCastle(rules).findPaths(l.get(), l.get().verificationTime(),
        io.msp4j.x509.internal.chain.CertPool.of(List.of(r.get())),
        io.msp4j.x509.internal.chain.CertPool.of(List.of(i.get())));
    return result.found() ? "ok" : "rejected";
  }

  private static void withOptional(CertificateBuilder b, byte[] constraint, boolean critical) {
    if (constraint != null) {
      b.extension(new org.bouncycastle.asn1.ASN1ObjectIdentifier(NAME_CONSTRAINTS), critical,
          constraint);
    }
  }

  private static Optional<ParsedCertificate> parse(IssuedCertificate c, GoX509Rules rules) {
    try {
      return Optional.of(ParsedCertificate.parse(c.der(), rules));
    } catch (CertificateParseException e) {
      return Optional.empty();
    }
  }

  private static byte[] nameConstraints(GoVectors.Row row) {
    String kind = row.get(2);
    if (kind.equals("none")) {
      return null;
    }
    byte[] subtree = der(0x30, generalName(Integer.parseInt(row.get(1)), row.bytes(4)));
    int listTag = kind.equals("excluded") ? 0xA1 : 0xA0;
    return der(0x30, der(listTag, subtree));
  }

  /** A GeneralName: context tag n, constructed for directoryName (explicit Name). */
  private static byte[] generalName(int tag, byte[] value) {
    return der(tag == 4 ? 0xA4 : 0x80 | tag, value);
  }

  private static byte[] der(int tag, byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    int n = content.length;
    if (n < 0x80) {
      out.write(n);
    } else if (n < 0x100) {
      out.write(0x81);
      out.write(n);
    } else {
      out.write(0x82);
      out.write(n >> 8);
      out.write(n);
    }
    out.writeBytes(content);
    return out.toByteArray();
  }
}
