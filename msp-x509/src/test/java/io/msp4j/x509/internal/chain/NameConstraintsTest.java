package io.msp4j.x509.internal.chain;

import static io.msp4j.testdata.CertificateBuilder.dns;
import static io.msp4j.testdata.CertificateBuilder.email;
import static io.msp4j.testdata.CertificateBuilder.ip;
import static io.msp4j.testdata.CertificateBuilder.uri;
import static io.msp4j.x509.internal.chain.Fixtures.PATHS;
import static io.msp4j.x509.internal.chain.Fixtures.find;
import static io.msp4j.x509.internal.chain.Fixtures.parsed;
import static io.msp4j.x509.internal.chain.Fixtures.pool;
import static io.msp4j.x509.internal.chain.Fixtures.t;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.chain.ChainFailure.Kind;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("CHAIN-05")
class NameConstraintsTest {
  private final TestPki pki = TestPki.seeded("name-constraints");

  private IssuedCertificate constrainedRoot(CertificateBuilder b) {
    return b.subject("CN=constrained root").ca().build();
  }

  private boolean accepted(IssuedCertificate root, CertificateBuilder leaf) {
    return find(leaf.subject("CN=leaf").issuer(root).build(), pool(root), pool()).found();
  }

  private Kind rejection(IssuedCertificate root, CertificateBuilder leaf) {
    PathResult r = find(leaf.subject("CN=leaf").issuer(root).build(), pool(root), pool());
    assertThat(r.found()).isFalse();
    return r.failure().orElseThrow().kind();
  }

  @Test
  void permittedDnsSubtree() {
    IssuedCertificate root = constrainedRoot(pki.certificate().permitted(dns("example.com")));
    assertThat(accepted(root, pki.certificate().dnsNames("peer0.example.com"))).isTrue();
    assertThat(accepted(root, pki.certificate().dnsNames("example.com"))).isTrue();
    assertThat(accepted(root, pki.certificate().dnsNames("PEER.Example.COM"))).isTrue();
    assertThat(rejection(root, pki.certificate().dnsNames("peer0.example.org")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
    assertThat(rejection(root, pki.certificate().dnsNames("badexample.com")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
    // names of other types are not constrained by a DNS-only constraint
    assertThat(accepted(root, pki.certificate().ipAddresses("10.0.0.1"))).isTrue();
    // no SAN at all: nothing to check here (CHAIN-07 is a separate rule)
    assertThat(accepted(root, pki.certificate())).isTrue();
  }

  @Test
  void leadingDotRequiresASubdomain() {
    IssuedCertificate root = constrainedRoot(pki.certificate().permitted(dns(".example.com")));
    assertThat(accepted(root, pki.certificate().dnsNames("a.example.com"))).isTrue();
    assertThat(rejection(root, pki.certificate().dnsNames("example.com")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
  }

  @Test
  void excludedDnsSubtree() {
    IssuedCertificate root = constrainedRoot(pki.certificate().excluded(dns("evil.com")));
    assertThat(accepted(root, pki.certificate().dnsNames("good.com"))).isTrue();
    assertThat(rejection(root, pki.certificate().dnsNames("www.evil.com")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
  }

  @Test
  void ipRanges() {
    IssuedCertificate root = constrainedRoot(pki.certificate()
        .permitted(ip("10.0.0.0/8")).excluded(ip("10.9.0.0/16")));
    assertThat(accepted(root, pki.certificate().ipAddresses("10.1.2.3"))).isTrue();
    assertThat(rejection(root, pki.certificate().ipAddresses("192.168.1.1")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
    assertThat(rejection(root, pki.certificate().ipAddresses("10.9.1.1")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
    // an IPv6 address never matches an IPv4 range
    assertThat(rejection(root, pki.certificate().ipAddresses("::1")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
  }

  @Test
  void emailAndUriConstraints() {
    IssuedCertificate root = constrainedRoot(pki.certificate()
        .permitted(email("example.com"), uri(".example.com")));
    assertThat(accepted(root, pki.certificate().emails("alice@example.com"))).isTrue();
    assertThat(rejection(root, pki.certificate().emails("alice@example.org")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
    assertThat(accepted(root, pki.certificate().uris("https://svc.example.com:8443/x"))).isTrue();
    assertThat(rejection(root, pki.certificate().uris("https://example.org/")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
    assertThat(rejection(root, pki.certificate().uris("https://10.0.0.1/")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
  }

  @Test
  void unparsableDnsSanFailsUnderAnyNameConstraint() {
    IssuedCertificate root = constrainedRoot(pki.certificate().permitted(ip("10.0.0.0/8")));
    assertThat(rejection(root, pki.certificate().dnsNames("trailing.dot.")))
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
  }

  @Test
  void intermediateSansAreCheckedButTheConstrainingCaItselfIsNot() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca()
        .permitted(dns("example.com")).dnsNames("root.other.org").build();
    IssuedCertificate goodIca = pki.certificate().subject("CN=ica").issuer(root).ca()
        .dnsNames("ica.example.com").build();
    IssuedCertificate leaf = pki.certificate().subject("CN=leaf").issuer(goodIca)
        .dnsNames("peer.example.com").build();
    assertThat(find(leaf, pool(root), pool(goodIca)).found()).isTrue();

    IssuedCertificate badIca = pki.certificate().subject("CN=ica2").issuer(root).ca()
        .dnsNames("ica.other.org").build();
    IssuedCertificate leaf2 = pki.certificate().subject("CN=leaf2").issuer(badIca)
        .dnsNames("peer.example.com").build();
    assertThat(find(leaf2, pool(root), pool(badIca)).failure().orElseThrow().kind())
        .isEqualTo(Kind.NAME_CONSTRAINT_VIOLATED);
  }

  @Test
  @Tag("CHAIN-07")
  void legacyCommonNameRuleAppliesToUniquePath() {
    IssuedCertificate root = constrainedRoot(pki.certificate().permitted(dns("example.com")));
    IssuedCertificate hostCn = pki.certificate().subject("CN=peer0.example.com").issuer(root).build();
    IssuedCertificate personCn = pki.certificate().subject("CN=Jane Doe").issuer(root).build();
    IssuedCertificate withSan = pki.certificate().subject("CN=peer1.example.com").issuer(root)
        .dnsNames("peer1.example.com").build();

    // findPaths does not apply CHAIN-07 (Fabric applies it after the single-chain check)
    assertThat(find(hostCn, pool(root), pool()).found()).isTrue();
    assertThatThrownBy(() -> PATHS.uniquePath(parsed(hostCn), t(hostCn), pool(root), pool()))
        .isInstanceOfSatisfying(ChainValidationException.class,
            e -> assertThat(e.failure().kind()).isEqualTo(Kind.LEGACY_COMMON_NAME));
    assertThat(PATHS.uniquePath(parsed(personCn), t(personCn), pool(root), pool())).hasSize(2);
    assertThat(PATHS.uniquePath(parsed(withSan), t(withSan), pool(root), pool())).hasSize(2);

    IssuedCertificate plainRoot = pki.certificate().subject("CN=plain").ca().build();
    IssuedCertificate hostCn2 = pki.certificate().subject("CN=peer0.example.com").issuer(plainRoot).build();
    assertThat(PATHS.uniquePath(parsed(hostCn2), t(hostCn2), pool(plainRoot), pool())).hasSize(2);
  }
}
