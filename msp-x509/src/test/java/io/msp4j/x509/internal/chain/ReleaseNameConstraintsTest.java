package io.msp4j.x509.internal.chain;

import static io.msp4j.testdata.CertificateBuilder.dns;
import static io.msp4j.testdata.CertificateBuilder.email;
import static io.msp4j.testdata.CertificateBuilder.ip;
import static io.msp4j.testdata.CertificateBuilder.uri;
import static io.msp4j.x509.internal.chain.Fixtures.parsed;
import static io.msp4j.x509.internal.chain.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.GoVersion;
import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.GoX509Rules;
import io.msp4j.x509.internal.chain.ChainFailure.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.bouncycastle.asn1.x509.GeneralName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Name constraints by Go release: Go 1.23 to 1.25 check them while building paths, Go 1.26 over
 * each built chain (REL-X509-01, REL-X509-04), and from Go 1.24.11 and 1.25.5 a wildcard name is
 * excluded by a constraint its wildcard could stand for (REL-X509-02).
 */
class ReleaseNameConstraintsTest {
  private static final GoX509Rules GO_1_23 = GoX509Rules.of(GoVersion.of(23, 5));
  private static final GoX509Rules GO_1_24_2 = GoX509Rules.of(GoVersion.of(24, 2));
  private static final GoX509Rules GO_1_24_11 = GoX509Rules.of(GoVersion.of(24, 11));
  private static final GoX509Rules GO_1_25_2 = GoX509Rules.of(GoVersion.of(25, 2));
  private static final GoX509Rules GO_1_25_5 = GoX509Rules.of(GoVersion.of(25, 5));
  private static final GoX509Rules GO_1_26 = GoX509Rules.of(GoVersion.of(26, 4));

  private final TestPki pki = TestPki.seeded("release-name-constraints");

  private IssuedCertificate root(CertificateBuilder b) {
    return b.subject("CN=constrained root").ca().build();
  }

  /** The failure of the path from a leaf with {@code leaf}'s names to {@code root}, or empty. */
  private Optional<ChainFailure> verdict(GoX509Rules rules, IssuedCertificate root,
      CertificateBuilder leaf) {
    IssuedCertificate l = leaf.subject("CN=leaf").issuer(root).build();
    PathResult r = PathBuilder.withBouncyCastle(rules).findPaths(parsed(l, rules),
        parsed(l).verificationTime(), pool(rules, root), pool(rules));
    return r.found() ? Optional.empty() : r.failure();
  }

  static Stream<GoX509Rules> everyGo() {
    return Stream.of(GO_1_23, GO_1_24_2, GO_1_24_11, GO_1_25_2, GO_1_25_5, GO_1_26);
  }

  @ParameterizedTest
  @MethodSource("everyGo")
  @Tag("CHAIN-05")
  void ordinaryConstraintsGiveTheSameVerdictsInEveryGo(GoX509Rules rules) {
    IssuedCertificate root = root(pki.certificate()
        .permitted(dns("example.com"), ip("10.0.0.0/8"), email("example.com"), uri(".example.com"))
        .excluded(dns("evil.example.com"), ip("10.9.0.0/16")));
    assertThat(verdict(rules, root, pki.certificate().dnsNames("peer0.example.com"))).isEmpty();
    assertThat(verdict(rules, root, pki.certificate().dnsNames("PEER0.Example.COM"))).isEmpty();
    assertThat(verdict(rules, root, pki.certificate().dnsNames("a.evil.example.com")))
        .map(ChainFailure::kind).contains(Kind.NAME_CONSTRAINT_VIOLATED);
    assertThat(verdict(rules, root, pki.certificate().dnsNames("example.org")))
        .map(ChainFailure::kind).contains(Kind.NAME_CONSTRAINT_VIOLATED);
    assertThat(verdict(rules, root, pki.certificate().dnsNames("badexample.com")))
        .map(ChainFailure::kind).contains(Kind.NAME_CONSTRAINT_VIOLATED);
    assertThat(verdict(rules, root, pki.certificate().ipAddresses("10.1.2.3"))).isEmpty();
    assertThat(verdict(rules, root, pki.certificate().ipAddresses("10.9.2.3"))).isPresent();
    assertThat(verdict(rules, root, pki.certificate().ipAddresses("192.168.0.1"))).isPresent();
    assertThat(verdict(rules, root, pki.certificate().emails("a@EXAMPLE.com"))).isEmpty();
    assertThat(verdict(rules, root, pki.certificate().emails("a@example.org"))).isPresent();
    assertThat(verdict(rules, root, pki.certificate().uris("spiffe://x.example.com/p")))
        .isEmpty();
    assertThat(verdict(rules, root, pki.certificate().uris("spiffe://example.com/p")))
        .isPresent();
  }

  @Test
  @Tag("REL-X509-01")
  void aUriWithAnIpHostFailsUnderADnsConstraintFromGo126() {
    IssuedCertificate root = root(pki.certificate().permitted(dns("example.com")));
    CertificateBuilder leaf = pki.certificate().uris("https://10.0.0.1/x");
    for (GoX509Rules old : List.of(GO_1_23, GO_1_24_11, GO_1_25_5)) {
      assertThat(verdict(old, root, leaf)).as("Go %s", old.go()).isEmpty();
    }
    assertThat(verdict(GO_1_26, root, leaf)).map(ChainFailure::kind)
        .contains(Kind.NAME_UNMATCHABLE);
    assertThat(verdict(GO_1_26, root, leaf).orElseThrow().rule()).isEqualTo("REL-X509-01");
  }

  @Test
  @Tag("REL-X509-01")
  void aUriWithoutHostFailsUnderAnIpConstraintFromGo126() {
    IssuedCertificate root = root(pki.certificate().permitted(ip("10.0.0.0/8")));
    CertificateBuilder leaf = pki.certificate().uris("urn:example:thing");
    assertThat(verdict(GO_1_23, root, leaf)).isEmpty();
    assertThat(verdict(GO_1_26, root, leaf)).map(ChainFailure::rule).contains("REL-X509-01");
  }

  @Test
  @Tag("REL-X509-01")
  void aUriWithAnIpHostFailsUnderUriConstraintsInEveryGo() {
    IssuedCertificate root = root(pki.certificate().permitted(uri("example.com")));
    CertificateBuilder leaf = pki.certificate().uris("https://10.0.0.1/x");
    everyGo().forEach(rules ->
        assertThat(verdict(rules, root, leaf)).as("Go %s", rules.go()).isPresent());
  }

  @Test
  @Tag("REL-X509-02")
  void aWildcardIsExcludedByAConstraintItCouldStandForFromGo1_24_11And1_25_5() {
    IssuedCertificate root = root(pki.certificate().excluded(dns("secret.example.com")));
    CertificateBuilder leaf = pki.certificate().dnsNames("*.example.com");
    for (GoX509Rules before : List.of(GO_1_23, GO_1_24_2, GO_1_25_2)) {
      assertThat(verdict(before, root, leaf)).as("Go %s", before.go()).isEmpty();
    }
    for (GoX509Rules after : List.of(GO_1_24_11, GO_1_25_5, GO_1_26)) {
      assertThat(verdict(after, root, leaf)).as("Go %s", after.go()).isPresent();
    }
    assertThat(verdict(GO_1_26, root, leaf).orElseThrow().rule()).isEqualTo("REL-X509-02");
    assertThat(verdict(GO_1_25_5, root, leaf).orElseThrow().rule()).isEqualTo("REL-X509-02");
    // A wildcard stands for one label only: *.com could be example.com but not a.example.com.
    IssuedCertificate deep = root(pki.certificate().excluded(dns("a.example.com")));
    for (GoX509Rules rules : List.of(GO_1_25_5, GO_1_26)) {
      assertThat(verdict(rules, deep, pki.certificate().dnsNames("*.com"))).isEmpty();
      assertThat(verdict(rules, deep, pki.certificate().dnsNames("*.b.example.com"))).isEmpty();
    }
    // Permitted constraints treat the wildcard as a label of its own, in every Go.
    IssuedCertificate permitted = root(pki.certificate().permitted(dns("a.example.com")));
    everyGo().forEach(rules -> assertThat(
        verdict(rules, permitted, pki.certificate().dnsNames("*.example.com"))).isPresent());
  }

  @Test
  @Tag("REL-X509-04")
  void theBoundOnComparisonsIsGoneInGo126() {
    List<GeneralName> constraints = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      constraints.add(dns("c" + i + ".example.com"));
    }
    constraints.add(dns("example.org"));
    IssuedCertificate root = root(pki.certificate()
        .permitted(constraints.toArray(new GeneralName[0])));
    String[] names = new String[500];
    for (int i = 0; i < names.length; i++) {
      names[i] = "n" + i + ".example.org";
    }
    CertificateBuilder leaf = pki.certificate().dnsNames(names);
    assertThat(verdict(GO_1_23, root, leaf)).map(ChainFailure::kind)
        .contains(Kind.TOO_MANY_CONSTRAINTS);
    assertThat(verdict(GO_1_25_5, root, leaf)).map(ChainFailure::kind)
        .contains(Kind.TOO_MANY_CONSTRAINTS);
    assertThat(verdict(GO_1_26, root, leaf)).isEmpty();
  }

  @Test
  @Tag("REL-X509-01")
  void anIntermediatesConstraintsApplyOnlyBelowIt() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca()
        .permitted(dns("example.com")).build();
    IssuedCertificate ica = pki.certificate().subject("CN=ica").ca().issuer(root)
        .dnsNames("ica.example.com").permitted(dns("peers.example.com")).build();
    IssuedCertificate good = pki.certificate().subject("CN=leaf").issuer(ica)
        .dnsNames("p0.peers.example.com").build();
    IssuedCertificate bad = pki.certificate().subject("CN=leaf2").issuer(ica)
        .dnsNames("p0.example.com").build();
    for (GoX509Rules rules : List.of(GO_1_23, GO_1_26)) {
      PathBuilder paths = PathBuilder.withBouncyCastle(rules);
      assertThat(paths.findPaths(parsed(good, rules), parsed(good).verificationTime(),
          pool(rules, root), pool(rules, ica)).found()).isTrue();
      assertThat(paths.findPaths(parsed(bad, rules), parsed(bad).verificationTime(),
          pool(rules, root), pool(rules, ica)).found()).isFalse();
    }
  }
}
