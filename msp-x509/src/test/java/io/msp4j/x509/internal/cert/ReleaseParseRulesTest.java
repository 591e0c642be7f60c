package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.GoVersion;
import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What each Go release's certificate parser accepts and reads differently (spec Appendix F), at the
 * release boundaries: Go 1.23.5 (Fabric v3.0.0, v2.5.12), 1.24.4, 1.24.8 and 1.25.2 (the security
 * releases with the newer domain check and, only they, its length limits), 1.25.12 and 1.26.4.
 */
class ReleaseParseRulesTest {
  private final TestPki pki = TestPki.seeded("release-parse");
  private final IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();

  private static GoX509Rules go(int minor, int patch) {
    return GoX509Rules.of(GoVersion.of(minor, patch));
  }

  private static CertificateParseException refused(IssuedCertificate c, GoX509Rules rules) {
    return assertThrows(CertificateParseException.class,
        () -> ParsedCertificate.parse(c.der(), rules));
  }

  @ParameterizedTest
  @CsvSource({"23,5,false", "24,4,false", "25,0,true", "25,12,true", "26,4,true"})
  @Tag("REL-X509-07")
  void negativePathLenConstraintIsRefusedFromGo125(int minor, int patch, boolean refused) {
    IssuedCertificate c = pki.certificate().subject("CN=negative").issuer(root)
        .extension("2.5.29.19", true, HexFormat.of().parseHex("30060101ff0201ff")).build();
    if (refused) {
      CertificateParseException e = refused(c, go(minor, patch));
      assertThat(e.getMessage()).isEqualTo("x509: invalid basic constraints");
      assertThat(e.rule()).contains("REL-X509-07");
    } else {
      ParsedCertificate p = ParsedCertificate.parse(c.der(), go(minor, patch));
      assertThat(p.isCa()).isTrue();
      assertThat(p.maxPathLen()).isEqualTo(-1);
    }
  }

  @Test
  @Tag("REL-X509-07")
  void pathLenConstraintOfZeroOrMoreReadsTheSameInEveryRelease() {
    IssuedCertificate c = pki.certificate().subject("CN=ica").issuer(root).ca(2).build();
    for (GoX509Rules rules : List.of(go(23, 5), go(25, 12), go(26, 4))) {
      assertThat(ParsedCertificate.parse(c.der(), rules).maxPathLen()).isEqualTo(2);
    }
  }

  @ParameterizedTest
  @CsvSource({"\\ud83d\\ude00", "\\ud800x", "x\\udfff", "\\ufffe", "\\uffff", "\\ufdd0", "\\ufdef"})
  @Tag("REL-X509-08")
  void bmpStringWithASurrogateOrNoncharacterIsRefusedFromGo125(String units) {
    String escaped = unescape(units);
    IssuedCertificate c = pki.certificate().subject(ReleaseNames.bmp("OU", escaped))
        .issuer(root).leaf().build();
    ParsedCertificate old = ParsedCertificate.parse(c.der(), go(24, 4));
    assertThat(old.subjectOrganizationalUnits()).hasSize(1);
    for (GoX509Rules rules : List.of(go(25, 0), go(25, 12), go(26, 4))) {
      CertificateParseException e = refused(c, rules);
      assertThat(e.getMessage())
          .isEqualTo("x509: invalid RDNSequence: invalid attribute value: invalid BMPString");
      assertThat(e.rule()).contains("REL-X509-08");
    }
  }

  @Test
  @Tag("REL-X509-08")
  void go123DecodesASurrogatePairAndReplacesALoneSurrogate() {
    IssuedCertificate pair = pki.certificate().subject(ReleaseNames.bmp("OU", "a\ud83d\ude00"))
        .issuer(root).leaf().build();
    IssuedCertificate lone = pki.certificate().subject(ReleaseNames.bmp("OU", "a\ud83d"))
        .issuer(root).leaf().build();
    assertThat(ParsedCertificate.parse(pair.der(), go(23, 5)).subjectOrganizationalUnits())
        .containsExactly("a\ud83d\ude00");
    assertThat(ParsedCertificate.parse(lone.der(), go(23, 5)).subjectOrganizationalUnits())
        .containsExactly("a\ufffd");
  }

  @Test
  @Tag("REL-X509-08")
  void bmpStringOfOrdinaryCharactersReadsTheSameInEveryRelease() {
    IssuedCertificate c = pki.certificate().subject(ReleaseNames.bmp("OU", "peer\u00e9\u4e2d"))
        .issuer(root).leaf().build();
    for (GoX509Rules rules : List.of(go(23, 5), go(25, 12), go(26, 4))) {
      assertThat(ParsedCertificate.parse(c.der(), rules).subjectOrganizationalUnits())
          .containsExactly("peer\u00e9\u4e2d");
    }
  }

  @Test
  @Tag("REL-X509-08")
  @Tag("IDENT-03")
  void t61StringIsReadAsLatin1FromGo125AndAsRawBytesBefore() {
    IssuedCertificate c = pki.certificate().subject(ReleaseNames.t61("OU", "caf\u00e9"))
        .issuer(root).leaf().build();
    assertThat(ParsedCertificate.parse(c.der(), go(24, 4)).subjectOrganizationalUnits())
        .containsExactly(GoStrings.fromBytes(new byte[] {'c', 'a', 'f', (byte) 0xe9}))
        .doesNotContain("caf\u00e9");
    assertThat(ParsedCertificate.parse(c.der(), go(25, 12)).subjectOrganizationalUnits())
        .containsExactly("caf\u00e9");
  }

  @ParameterizedTest
  @CsvSource({"23,5,false", "24,0,true", "24,4,true", "25,12,true", "26,4,true"})
  @Tag("REL-X509-06")
  void duplicatedPolicyOidIsRefusedFromGo124(int minor, int patch, boolean refused) {
    IssuedCertificate c = pki.certificate().subject("CN=twice").issuer(root).leaf()
        .certificatePolicies("1.2.3.4", "1.2.3.5", "1.2.3.4").build();
    if (refused) {
      CertificateParseException e = refused(c, go(minor, patch));
      assertThat(e.getMessage()).isEqualTo("x509: invalid certificate policies");
      assertThat(e.rule()).contains("REL-X509-06");
    } else {
      assertThat(ParsedCertificate.parse(c.der(), go(minor, patch)).policies())
          .containsExactly("1.2.3.4", "1.2.3.5", "1.2.3.4");
    }
  }

  @Test
  @Tag("REL-X509-05")
  void criticalPolicyExtensionsAreUnhandledInGo123AndHandledFromGo124() {
    IssuedCertificate c = pki.certificate().subject("CN=policy ca").issuer(root).ca()
        .certificatePolicies("1.2.3.4").policyConstraints(0, 1).inhibitAnyPolicy(2)
        .policyMappings("1.2.3.4", "1.2.3.5").build();
    ParsedCertificate old = ParsedCertificate.parse(c.der(), go(23, 5));
    assertThat(old.unhandledCriticalExtensions())
        .containsExactlyInAnyOrder("2.5.29.36", "2.5.29.54", "2.5.29.33");
    assertThat(old.policyInfo().mappings()).isEmpty();
    ParsedCertificate now = ParsedCertificate.parse(c.der(), go(24, 4));
    assertThat(now.unhandledCriticalExtensions()).isEmpty();
    PolicyInfo info = now.policyInfo();
    assertThat(info.policies()).containsExactly("2a0304");
    assertThat(info.requireExplicitPolicy()).isEqualTo(OptionalLong.of(0));
    assertThat(info.inhibitPolicyMapping()).isEqualTo(OptionalLong.of(1));
    assertThat(info.inhibitAnyPolicy()).isEqualTo(OptionalLong.of(2));
    assertThat(info.mappings()).containsExactly(new PolicyInfo.Mapping("2a0304", "2a0305"));
  }

  @ParameterizedTest
  @CsvSource({
      "2.5.29.36, 0400, x509: invalid policy constraints extension",
      "2.5.29.36, 30038001, x509: invalid policy constraints extension",
      "2.5.29.36, 300480020001, x509: invalid policy constraints extension",
      "2.5.29.33, 30053003060100, x509: invalid policy mappings extension",
      "2.5.29.33, 3100, x509: invalid policy mappings extension",
      "2.5.29.54, 0400, x509: invalid inhibit any policy extension",
      "2.5.29.54, 02020001, x509: invalid inhibit any policy extension"})
  @Tag("REL-X509-05")
  void malformedPolicyExtensionIsRefusedFromGo124Only(String oid, String value, String message) {
    IssuedCertificate c = pki.certificate().subject("CN=malformed").issuer(root).ca()
        .extension(oid, false, HexFormat.of().parseHex(value)).build();
    assertThat(ParsedCertificate.parse(c.der(), go(23, 5)).unhandledCriticalExtensions()).isEmpty();
    CertificateParseException e = refused(c, go(24, 4));
    assertThat(e.getMessage()).isEqualTo(message);
    assertThat(e.rule()).contains("REL-X509-05");
  }

  @Test
  @Tag("REL-X509-05")
  void policyExtensionsAreReadAsCryptobyteReadsThem() {
    // trailing bytes after what Go reads are ignored; a negative skip count is read as given
    IssuedCertificate c = pki.certificate().subject("CN=lenient").issuer(root).ca()
        .extension("2.5.29.36", false, HexFormat.of().parseHex("30068101ff0500" + "ff"))
        .extension("2.5.29.54", false, HexFormat.of().parseHex("020103" + "0000"))
        .build();
    PolicyInfo info = ParsedCertificate.parse(c.der(), go(24, 4)).policyInfo();
    assertThat(info.requireExplicitPolicy()).isEmpty();
    assertThat(info.inhibitPolicyMapping()).isEqualTo(OptionalLong.of(-1));
    assertThat(info.inhibitAnyPolicy()).isEqualTo(OptionalLong.of(3));
  }

  @ParameterizedTest
  @CsvSource({"23,5,false", "24,4,false", "24,8,true", "24,9,true", "25,2,true", "25,12,true",
      "26,4,true"})
  @Tag("REL-X509-03")
  void constraintOfADotIsRefusedFromTheNewerDomainCheck(int minor, int patch, boolean refused) {
    for (var name : List.of(CertificateBuilder.dns("."), CertificateBuilder.email("."),
        CertificateBuilder.uri("."))) {
      IssuedCertificate c = pki.certificate().subject("CN=dot").issuer(root).ca()
          .permitted(name).build();
      if (refused) {
        CertificateParseException e = refused(c, go(minor, patch));
        assertThat(e.getMessage()).startsWith("x509: failed to parse ").endsWith(" constraint \".\"");
        assertThat(e.rule()).contains("REL-X509-03");
      } else {
        assertThat(ParsedCertificate.parse(c.der(), go(minor, patch)).hasNameConstraints()).isTrue();
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"23,5,false", "24,7,false", "24,8,true", "24,9,false", "25,2,true", "25,3,false",
      "25,12,false", "26,4,false"})
  @Tag("REL-X509-03")
  void longLabelsAndNamesAreRefusedOnlyByGo1248And1252(int minor, int patch, boolean refused) {
    String label64 = "a".repeat(64);
    String name254 = ("b".repeat(49) + ".").repeat(5) + "c".repeat(4);
    IssuedCertificate uri = pki.certificate().subject("CN=uri").issuer(root).leaf()
        .uris("https://" + label64 + ".example/").build();
    IssuedCertificate constraint = pki.certificate().subject("CN=long").issuer(root).ca()
        .permitted(CertificateBuilder.dns(name254)).build();
    assertThat(name254).hasSize(254);
    for (IssuedCertificate c : List.of(uri, constraint)) {
      if (refused) {
        assertThat(refused(c, go(minor, patch)).rule()).contains("REL-X509-03");
      } else {
        ParsedCertificate.parse(c.der(), go(minor, patch));
      }
    }
  }

  @Test
  @Tag("REL-X509-03")
  void domainsBadInEveryReleaseAreRefusedWithoutAReleaseRule() {
    IssuedCertificate c = pki.certificate().subject("CN=bad").issuer(root).ca()
        .permitted(CertificateBuilder.dns("a..b")).build();
    for (GoX509Rules rules : List.of(go(23, 5), go(25, 2), go(26, 4))) {
      assertThat(refused(c, rules).rule()).isEmpty();
    }
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void parseWithoutRulesIsGo123() {
    IssuedCertificate c = pki.certificate().subject(ReleaseNames.t61("OU", "caf\u00e9"))
        .issuer(root).leaf().build();
    ParsedCertificate p = ParsedCertificate.parse(c.der());
    assertThat(p.rules()).isEqualTo(GoX509Rules.GO_1_23);
    assertThat(p.subjectOrganizationalUnits())
        .isEqualTo(ParsedCertificate.parse(c.der(), go(23, 5)).subjectOrganizationalUnits());
  }

  private static String unescape(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      if (s.startsWith("\\u", i)) {
        out.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
        i += 5;
      } else {
        out.append(s.charAt(i));
      }
    }
    return out.toString();
  }
}
