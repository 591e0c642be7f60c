package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.SignatureAlgorithm;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.TestPki;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import io.msp4j.core.GoVersion;

/**
 * {@link ParsedCertificate#parse}, which reads usual certificates in one pass ({@link
 * SinglePassParser}), gives exactly what the reference parse gives: the same verdict, the same
 * refusal message, and field for field the same certificate. Over generated certificates of many
 * shapes, Go's parse vectors (DER strictness, times, names, keys, extensions) and random
 * mutations of all of them.
 */
class SinglePassParserTest {
  private final TestPki pki = TestPki.seeded("single-pass");

  @Test
  @Tag("SETUP-PARSE-01")
  @Tag("IDENT-03")
  @Tag("ALG-01")
  void parseEqualsTheReferenceParseOnEveryInputAndMutation() throws IOException {
    List<byte[]> bases = new ArrayList<>();
    for (IssuedCertificate c : generated()) {
      bases.add(c.der());
    }
    bases.addAll(goVectors());
    Random random = new Random(15);
    int fast = 0;
    int accepted = 0;
    int compared = 0;
    for (byte[] base : bases) {
      List<byte[]> inputs = new ArrayList<>();
      inputs.add(base);
      for (int i = 0; i < 150; i++) {
        inputs.add(mutate(base, random));
      }
      for (byte[] der : inputs) {
        if (SinglePassParser.tryParse(der.clone(), GoX509Rules.GO_1_23) != null) {
          fast++;
        }
        accepted += compare(der, GoX509Rules.GO_1_23) ? 1 : 0;
        compared++;
      }
    }
    assertThat(compared).isGreaterThan(20_000);
    assertThat(fast).isGreaterThan(1_000);
    assertThat(accepted).isGreaterThan(fast);
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void usualCertificatesTakeTheSinglePass() {
    IssuedCertificate root = pki.certificate().subject("C=US,O=org1,CN=ca.org1").ca().build();
    IssuedCertificate leaf = pki.certificate().subject("C=US,O=org1,OU=client,CN=user1")
        .issuer(root).leaf().build();
    IssuedCertificate p384 = pki.certificate().subject("CN=peer0,OU=peer")
        .keyAlgorithm(KeyAlgorithm.EC_P384).issuer(root).leaf().dnsNames("peer0.org1").build();
    for (IssuedCertificate c : List.of(root, leaf, p384)) {
      ParsedCertificate single = SinglePassParser.tryParse(c.der(), GoX509Rules.GO_1_23);
      assertThat(single).isNotNull();
      SameCertificate.assertSame(single, ParsedCertificate.parseReference(c.der()));
    }
  }

  /**
   * Times in their usual forms read in place give the instant GoTime gives (two-digit years on
   * both sides of the 1950/2049 pivot, four-digit years, leap days, last seconds), and forms not
   * naming a real date are not usual.
   */
  @Test
  @Tag("SETUP-PARSE-01")
  void usualTimesReadInPlaceAreGoTimes() {
    Random random = new Random(1950);
    int usual = 0;
    for (int i = 0; i < 20_000; i++) {
      boolean utc = random.nextBoolean();
      String text = utc
          ? String.format("%02d%02d%02d%02d%02d%02dZ", random.nextInt(100), 1 + random.nextInt(12),
              1 + random.nextInt(31), random.nextInt(25), random.nextInt(61), random.nextInt(61))
          : String.format("%04d%02d%02d%02d%02d%02dZ", random.nextInt(10_000), 1 + random.nextInt(12),
              1 + random.nextInt(31), random.nextInt(25), random.nextInt(61), random.nextInt(61));
      byte[] tlv = new byte[2 + text.length()];
      tlv[0] = (byte) (utc ? 23 : 24);
      tlv[1] = (byte) text.length();
      System.arraycopy(text.getBytes(StandardCharsets.US_ASCII), 0, tlv, 2, text.length());
      GoAsn1.Header h = GoAsn1.element(tlv, 0);
      Instant go;
      try {
        go = GoTime.parse(tlv);
      } catch (CertificateParseException e) {
        assertThat(PlainTime.isPlain(tlv, h)).as(text).isFalse();
        continue;
      }
      if (PlainTime.isPlain(tlv, h)) {
        assertThat(PlainTime.instant(tlv, h)).as(text).isEqualTo(go);
        usual++;
      }
    }
    assertThat(usual).isGreaterThan(10_000);
  }

  @ParameterizedTest
  @MethodSource("releases")
  @Tag("SETUP-PARSE-01")
  @Tag("REL-X509-03")
  @Tag("REL-X509-05")
  @Tag("REL-X509-06")
  @Tag("REL-X509-07")
  @Tag("REL-X509-08")
  void parseEqualsTheReferenceParseUnderEveryGoRelease(GoVersion go) throws IOException {
    GoX509Rules rules = GoX509Rules.of(go);
    List<byte[]> bases = new ArrayList<>();
    for (IssuedCertificate c : generated()) {
      bases.add(c.der());
    }
    for (IssuedCertificate c : releaseDifferences()) {
      bases.add(c.der());
    }
    bases.addAll(goVectors());
    Random random = new Random(go.patch() * 100L + go.minor());
    int accepted = 0;
    int refused = 0;
    for (byte[] base : bases) {
      List<byte[]> inputs = new ArrayList<>();
      inputs.add(base);
      for (int i = 0; i < 25; i++) {
        inputs.add(mutate(base, random));
      }
      for (byte[] der : inputs) {
        if (compare(der, rules)) {
          accepted++;
        } else {
          refused++;
        }
      }
    }
    assertThat(accepted).isGreaterThan(300);
    assertThat(refused).isGreaterThan(1_000);
  }

  @ParameterizedTest
  @MethodSource("releases")
  @Tag("SETUP-PARSE-01")
  void certificatesOfEveryReleaseDifferenceTakeTheSinglePassWhereTheyParse(GoVersion go) {
    GoX509Rules rules = GoX509Rules.of(go);
    for (IssuedCertificate c : releaseDifferences()) {
      ParsedCertificate single = SinglePassParser.tryParse(c.der(), rules);
      try {
        ParsedCertificate reference = ParsedCertificate.parseReference(c.der(), rules);
        assertThat(single).as(c.subject().toString()).isNotNull();
        SameCertificate.assertSame(single, reference);
        assertThat(single.rules()).isEqualTo(rules);
        assertThat(single.policyInfo()).isEqualTo(reference.policyInfo());
      } catch (CertificateParseException e) {
        assertThat(single).as(c.subject().toString()).isNull();
      }
    }
  }

  static List<GoVersion> releases() {
    return List.of(GoVersion.of(23, 5), GoVersion.of(24, 4), GoVersion.of(24, 8),
        GoVersion.of(25, 2), GoVersion.of(25, 12), GoVersion.of(26, 4));
  }

  /** Certificates whose parse differs between Go releases (spec Appendix F). */
  private List<IssuedCertificate> releaseDifferences() {
    IssuedCertificate root = pki.certificate().subject("CN=release root").ca().build();
    List<IssuedCertificate> out = new ArrayList<>();
    out.add(pki.certificate().subject("CN=negative path").issuer(root)
        .extension("2.5.29.19", true, HexFormat.of().parseHex("30060101ff0201ff")).build());
    out.add(pki.certificate().subject(ReleaseNames.bmp("OU", "\ud83d\ude00 pair"))
        .issuer(root).leaf().build());
    out.add(pki.certificate().subject(ReleaseNames.bmp("OU", "non\ufffe")).issuer(root).leaf()
        .build());
    out.add(pki.certificate().subject(ReleaseNames.t61("OU", "caf\u00e9")).issuer(root).leaf()
        .build());
    out.add(pki.certificate().subject("CN=twice").issuer(root).leaf()
        .certificatePolicies("1.2.3.4", "1.2.3.4").build());
    out.add(pki.certificate().subject("CN=constraints").issuer(root).ca()
        .certificatePolicies("1.2.3.4").policyConstraints(0, 1).inhibitAnyPolicy(0)
        .policyMappings("1.2.3.4", "1.2.3.5").build());
    out.add(pki.certificate().subject("CN=bad constraints").issuer(root).ca()
        .extension("2.5.29.36", true, HexFormat.of().parseHex("0400")).build());
    out.add(pki.certificate().subject("CN=dot").issuer(root).ca()
        .permitted(CertificateBuilder.dns(".")).build());
    out.add(pki.certificate().subject("CN=long label").issuer(root).leaf()
        .uris("https://" + "a".repeat(64) + ".example/").build());
    return out;
  }

  /** True when both accept (and agree field for field); asserts they agree either way. */
  private static boolean compare(byte[] der, GoX509Rules rules) {
    ParsedCertificate reference;
    try {
      reference = ParsedCertificate.parseReference(der, rules);
    } catch (CertificateParseException e) {
      String message = e.getMessage();
      try {
        ParsedCertificate.parse(der, rules);
      } catch (CertificateParseException f) {
        assertThat(f.getMessage()).isEqualTo(message);
        assertThat(f.rule()).isEqualTo(e.rule());
        return false;
      }
      throw new AssertionError("parse accepts what the reference refuses (" + message + "): "
          + HexFormat.of().formatHex(der));
    }
    ParsedCertificate ours = ParsedCertificate.parse(der, rules);
    assertThat(ours.policyInfo()).isEqualTo(reference.policyInfo());
    SameCertificate.assertSame(ours, reference);
    assertThat(ours.subjectAltNames()).usingRecursiveFieldByFieldElementComparator()
        .isEqualTo(reference.subjectAltNames());
    assertThat(ours.issuerText()).isEqualTo(reference.issuerText());
    assertThat(ours.subjectCommonName()).isEqualTo(reference.subjectCommonName());
    assertThat(ours.publicKey().parameters().isPresent())
        .isEqualTo(reference.publicKey().parameters().isPresent());
    if (ours.publicKey().parameters().orElse(null) instanceof ECPublicKeyParameters k) {
      ECPublicKeyParameters r = (ECPublicKeyParameters) reference.publicKey().parameters().get();
      assertThat(k.getQ()).isEqualTo(r.getQ());
      assertThat(k.getParameters()).isEqualTo(r.getParameters());
    }
    return true;
  }

  /** One random change: a byte flipped, set, removed, inserted, or the input cut short. */
  private static byte[] mutate(byte[] der, Random random) {
    int at = random.nextInt(der.length);
    return switch (random.nextInt(6)) {
      case 0 -> {
        byte[] out = der.clone();
        out[at] ^= (byte) (1 << random.nextInt(8));
        yield out;
      }
      case 1 -> {
        byte[] out = der.clone();
        out[at] = (byte) random.nextInt(256);
        yield out;
      }
      case 2 -> {
        byte[] out = new byte[der.length - 1];
        System.arraycopy(der, 0, out, 0, at);
        System.arraycopy(der, at + 1, out, at, der.length - at - 1);
        yield out;
      }
      case 3 -> {
        byte[] out = new byte[der.length + 1];
        System.arraycopy(der, 0, out, 0, at);
        out[at] = (byte) random.nextInt(256);
        System.arraycopy(der, at, out, at + 1, der.length - at);
        yield out;
      }
      case 4 -> java.util.Arrays.copyOf(der, Math.max(1, at));
      default -> {
        // a small digit change: dates, times and string contents stay in their alphabets
        byte[] out = der.clone();
        if (out[at] >= '0' && out[at] <= '9') {
          out[at] = (byte) ('0' + random.nextInt(10));
        } else {
          out[at] = (byte) (out[at] + (random.nextBoolean() ? 1 : -1));
        }
        yield out;
      }
    };
  }

  private List<IssuedCertificate> generated() {
    IssuedCertificate p256 = pki.certificate().subject("C=US,O=org1,CN=ca.org1").ca().build();
    IssuedCertificate p384 = pki.certificate().subject("CN=p384 root").keyAlgorithm(KeyAlgorithm.EC_P384).ca().build();
    IssuedCertificate p521 = pki.certificate().subject("CN=p521 root").keyAlgorithm(KeyAlgorithm.EC_P521).ca().build();
    IssuedCertificate rsa = pki.certificate().subject("CN=rsa root").keyAlgorithm(KeyAlgorithm.RSA_2048).ca().build();
    List<IssuedCertificate> out = new ArrayList<>(List.of(p256, p384, p521, rsa));
    IssuedCertificate ica = pki.certificate().subject("CN=ica,OU=int").issuer(p256).ca(0).build();
    out.add(ica);
    out.add(pki.certificate().subject("C=US,O=org1,OU=peer,OU=extra,CN=peer0").issuer(p256).leaf().build());
    out.add(pki.certificate().subject("C=US,O=org1,OU=client,CN=user1").issuer(ica).leaf().build());
    out.add(pki.certificate().subject("CN=peer1").issuer(p384).signatureAlgorithm(SignatureAlgorithm.ECDSA_SHA512)
        .mangleSignature(SignatureMangling.highS()).leaf().build());
    out.add(pki.certificate().subject("CN=peer2").issuer(p521).leaf()
        .dnsNames("peer2.example.com").ipAddresses("10.0.0.1").emails("a@b.c").uris("https://x.example")
        .certificatePolicies("1.2.3.4").extendedKeyUsage(KeyPurposeId.id_kp_clientAuth).build());
    out.add(pki.certificate().subject("CN=nc").issuer(rsa).ca(2).permitted(CertificateBuilder.dns("example.com"))
        .build());
    out.add(pki.certificate().subject("CN=v1").issuer(p256).version1().build());
    out.add(pki.certificate().subject("CN=ed").issuer(p256).keyAlgorithm(KeyAlgorithm.ED25519).leaf().build());
    out.add(pki.certificate().subject("CN=old").issuer(p256).leaf()
        .validity(Instant.parse("1999-02-28T10:00:00Z"), Instant.parse("2051-03-01T00:00:00Z")).build());
    out.add(pki.certificate().subject("CN=bare").issuer(p256).noBasicConstraints().noKeyUsage()
        .noSubjectKeyId().noAuthorityKeyId().build());
    out.add(pki.certificate().subject("CN=crit").issuer(p256).leaf()
        .basicConstraints(false, null, true).extendedKeyUsage(true, KeyPurposeId.id_kp_serverAuth).build());
    return out;
  }

  /** The DER inputs of Go's parse vectors (go123/x509-parse.tsv). */
  private static List<byte[]> goVectors() throws IOException {
    List<byte[]> out = new ArrayList<>();
    try (InputStream in = SinglePassParserTest.class.getResourceAsStream("/go123/x509-parse.tsv")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank() && !line.startsWith("#")) {
          out.add(HexFormat.of().parseHex(line.split("\t", -1)[1]));
        }
      }
    }
    assertThat(out).hasSizeGreaterThan(150);
    return out;
  }
}
