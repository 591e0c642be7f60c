package io.msp4j.x509.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.GoVersion;
import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Go 1.24's processing of certificate policies in chain building (REL-X509-05), with Fabric's
 * options: root, one intermediate carrying the policy extensions, and a leaf. Go 1.23 builds the
 * same chains without looking at policies.
 */
class PolicyValidationTest {
  private static final String ANY = "2.5.29.32.0";
  private final TestPki pki = TestPki.seeded("policy-validation");
  private final IssuedCertificate root = pki.certificate().subject("CN=policy root").ca().build();

  static List<GoVersion> policyReleases() {
    return List.of(GoVersion.of(24, 4), GoVersion.of(25, 12), GoVersion.of(26, 4));
  }

  private PathResult find(GoX509Rules rules, UnaryOperator<CertificateBuilder> intermediate,
      UnaryOperator<CertificateBuilder> leaf) {
    IssuedCertificate ica = intermediate.apply(
        pki.certificate().subject("CN=policy ica").issuer(root).ca()).build();
    IssuedCertificate l = leaf.apply(
        pki.certificate().subject("CN=policy leaf").issuer(ica).leaf()).build();
    PathBuilder paths = PathBuilder.withBouncyCastle(rules);
    ParsedCertificate parsedLeaf = ParsedCertificate.parse(l.der(), rules);
    return paths.findPaths(parsedLeaf, parsedLeaf.verificationTime(),
        CertPool.of(ParsedCertificate.parse(root.der(), rules)),
        CertPool.of(ParsedCertificate.parse(ica.der(), rules)));
  }

  private static void assertInvalidPolicies(PathResult r) {
    assertThat(r.found()).isFalse();
    ChainFailure f = r.failure().orElseThrow();
    assertThat(f.kind()).isEqualTo(ChainFailure.Kind.INVALID_POLICIES);
    assertThat(f.rule()).isEqualTo("REL-X509-05");
    assertThat(f.message()).contains("CN=policy leaf").contains("invalid certificate policies");
  }

  @ParameterizedTest
  @MethodSource("policyReleases")
  @Tag("REL-X509-05")
  void requiredExplicitPolicyWithoutLeafPolicyDropsTheChain(GoVersion go) {
    PathResult r = find(GoX509Rules.of(go),
        b -> b.certificatePolicies("1.2.3.4").policyConstraints(0, null), b -> b);
    assertInvalidPolicies(r);
    assertThat(r.failure().orElseThrow().message()).contains("CN=policy ica");
  }

  @Test
  @Tag("REL-X509-05")
  @Tag("CHAIN-05")
  void go123RefusesTheCriticalPolicyConstraintsAsUnhandled() {
    PathResult r = find(GoX509Rules.GO_1_23,
        b -> b.certificatePolicies("1.2.3.4").policyConstraints(0, null), b -> b);
    assertThat(r.failure().orElseThrow().kind())
        .isEqualTo(ChainFailure.Kind.UNHANDLED_CRITICAL_EXTENSION);
  }

  @Test
  @Tag("REL-X509-05")
  void go123IgnoresANonCriticalPolicyConstraint() {
    PathResult r = find(GoX509Rules.GO_1_23,
        b -> b.certificatePolicies("1.2.3.4").extension("2.5.29.36", false,
            java.util.HexFormat.of().parseHex("3003800100")), b -> b);
    assertThat(r.found()).isTrue();
    PathResult now = find(GoX509Rules.of(GoVersion.of(24, 4)),
        b -> b.certificatePolicies("1.2.3.4").extension("2.5.29.36", false,
            java.util.HexFormat.of().parseHex("3003800100")), b -> b);
    assertInvalidPolicies(now);
  }

  @ParameterizedTest
  @MethodSource("policyReleases")
  @Tag("REL-X509-05")
  void requiredExplicitPolicyHeldByTheWholeChainIsValid(GoVersion go) {
    PathResult r = find(GoX509Rules.of(go),
        b -> b.certificatePolicies("1.2.3.4").policyConstraints(0, null),
        b -> b.certificatePolicies("1.2.3.4"));
    assertThat(r.found()).isTrue();
    assertThat(r.paths()).hasSize(1);
  }

  @ParameterizedTest
  @MethodSource("policyReleases")
  @Tag("REL-X509-05")
  void requiredExplicitPolicyWithAnotherLeafPolicyDropsTheChain(GoVersion go) {
    assertInvalidPolicies(find(GoX509Rules.of(go),
        b -> b.certificatePolicies("1.2.3.4").policyConstraints(0, null),
        b -> b.certificatePolicies("1.2.3.5")));
  }

  @ParameterizedTest
  @MethodSource("policyReleases")
  @Tag("REL-X509-05")
  void policyMappingCarriesAPolicyToTheLeaf(GoVersion go) {
    PathResult r = find(GoX509Rules.of(go),
        b -> b.certificatePolicies("1.2.3.4").policyConstraints(0, null)
            .policyMappings("1.2.3.4", "1.2.3.5"),
        b -> b.certificatePolicies("1.2.3.5"));
    assertThat(r.found()).isTrue();
  }

  @ParameterizedTest
  @MethodSource("policyReleases")
  @Tag("REL-X509-05")
  void mappingToAnyPolicyDropsTheChainWithoutAnyRequiredPolicy(GoVersion go) {
    assertInvalidPolicies(find(GoX509Rules.of(go),
        b -> b.certificatePolicies("1.2.3.4").policyMappings("1.2.3.4", ANY), b -> b));
  }

  @ParameterizedTest
  @MethodSource("policyReleases")
  @Tag("REL-X509-05")
  void inhibitAnyPolicyStopsTheLeafsAnyPolicyFromCounting(GoVersion go) {
    assertInvalidPolicies(find(GoX509Rules.of(go),
        b -> b.certificatePolicies(ANY).policyConstraints(0, null).inhibitAnyPolicy(0),
        b -> b.certificatePolicies(ANY)));
    assertThat(find(GoX509Rules.of(go),
        b -> b.certificatePolicies(ANY).policyConstraints(0, null),
        b -> b.certificatePolicies(ANY)).found()).isTrue();
  }

  @ParameterizedTest
  @MethodSource("policyReleases")
  @Tag("REL-X509-05")
  void chainsWithoutPolicyConstraintsAreValidWithOrWithoutPolicies(GoVersion go) {
    assertThat(find(GoX509Rules.of(go), b -> b, b -> b).found()).isTrue();
    assertThat(find(GoX509Rules.of(go), b -> b.certificatePolicies("1.2.3.4"),
        b -> b.certificatePolicies("1.2.3.9")).found()).isTrue();
  }

  @Test
  @Tag("REL-X509-05")
  @Tag("CHAIN-09")
  void chainsDroppedForTheirPoliciesDoNotCountTowardsTheSingleChain() {
    IssuedCertificate strict = pki.certificate().subject("CN=twin ica").issuer(root).ca()
        .certificatePolicies("1.2.3.4").extension("2.5.29.36", false,
            java.util.HexFormat.of().parseHex("3003800100")).build();
    IssuedCertificate plain = pki.certificate().subject("CN=twin ica").issuer(root).ca()
        .keyPair(strict.keyPair()).build();
    IssuedCertificate leaf = pki.certificate().subject("CN=twin leaf").issuer(strict).leaf()
        .build();
    for (GoX509Rules rules : List.of(GoX509Rules.GO_1_23, GoX509Rules.of(GoVersion.of(24, 4)))) {
      PathBuilder paths = PathBuilder.withBouncyCastle(rules);
      ParsedCertificate l = ParsedCertificate.parse(leaf.der(), rules);
      CertPool roots = CertPool.of(ParsedCertificate.parse(root.der(), rules));
      CertPool intermediates = CertPool.of(ParsedCertificate.parse(strict.der(), rules),
          ParsedCertificate.parse(plain.der(), rules));
      if (rules.certificatePolicies()) {
        assertThat(paths.uniquePath(l, l.verificationTime(), roots, intermediates).get(1).der())
            .isEqualTo(plain.der());
      } else {
        ChainValidationException e = assertThrows(ChainValidationException.class,
            () -> paths.uniquePath(l, l.verificationTime(), roots, intermediates));
        assertThat(e.failure().kind()).isEqualTo(ChainFailure.Kind.MULTIPLE_PATHS);
      }
    }
  }

  @Test
  @Tag("REL-X509-05")
  void certificatesParsedUnderOtherRulesAreRefusedByThePathBuilder() {
    ParsedCertificate leaf = ParsedCertificate.parse(root.der(), GoX509Rules.GO_1_23);
    PathBuilder paths = PathBuilder.withBouncyCastle(GoX509Rules.of(GoVersion.of(26, 4)));
    assertThrows(IllegalArgumentException.class, () -> paths.findPaths(leaf,
        leaf.verificationTime(), CertPool.empty(), CertPool.empty()));
  }
}
