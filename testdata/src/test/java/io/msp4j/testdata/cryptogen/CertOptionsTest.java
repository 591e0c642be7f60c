package io.msp4j.testdata.cryptogen;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.KeyPairs;
import java.nio.file.Path;
import java.time.Instant;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.NameConstraints;
import org.bouncycastle.cert.X509CertificateHolder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** msp4j's spec extensions reach the certificates. */
class CertOptionsTest {
  private static final String SPEC = """
      Seed: options
      Now: 2024-01-01T00:00:00Z
      Validity: {Lifetime: 50y}
      PeerOrgs:
        - Name: Org5
          Domain: org5.example.com
          EnableNodeOUs: true
          CA:
            OrganizationalUnit: Fabric
            PublicKeyAlgorithm: ecdsa-p384
            NameConstraints: {Permitted: [example.com], Excluded: [10.0.0.0/8]}
            Intermediates:
              - PublicKeyAlgorithm: ed25519
                BasicConstraints: {CA: true, PathLen: 0}
          Specs:
            - Hostname: peer0
              PublicKeyAlgorithm: ed25519
              SANS: [10.1.2.3, "{{.Hostname}}.alt.{{.Domain}}"]
          Users:
            Count: 0
            Specs:
              - Name: Expired
                Validity: {NotBefore: 2020-01-01, NotAfter: -1d}
              - Name: Future
                Validity: {NotBefore: +30d, Lifetime: 1y}
              - Name: Odd
                OrganizationalUnits: [dept1, dept2]
                KeyUsage: []
                ExtKeyUsage: [OCSPSigning]
                BasicConstraints: {CA: true}
              - Name: Direct
                Issuer: ca.org5.example.com
          Admin:
            PublicKeyAlgorithm: ecdsa-p384
      """;

  @TempDir static Path out;
  static GeneratedOrg org;

  @BeforeAll
  static void generate() {
    org = CryptoTree.fromYaml(SPEC).generate(out).org("org5.example.com");
  }

  private static X509CertificateHolder enrollment(String name) {
    return Fixtures.cert(org.identity(name).signCertFile()).holder();
  }

  @Test
  void keyAlgorithmsFollowTheSpec() {
    assertThat(KeyPairs.algorithmOf(org.rootCa().certificate().publicKey()))
        .isEqualTo(KeyAlgorithm.EC_P384);
    assertThat(KeyPairs.algorithmOf(org.tlsRootCa().certificate().publicKey()))
        .isEqualTo(KeyAlgorithm.EC_P384);
    assertThat(KeyPairs.algorithmOf(org.issuingCa().certificate().publicKey()))
        .isEqualTo(KeyAlgorithm.ED25519);
    assertThat(KeyPairs.algorithmOf(org.identity("peer0").certificate().publicKey()))
        .isEqualTo(KeyAlgorithm.ED25519);
    assertThat(KeyPairs.algorithmOf(org.identity("peer0").tlsCertificate().publicKey()))
        .isEqualTo(KeyAlgorithm.ED25519);
    assertThat(KeyPairs.algorithmOf(org.admin().certificate().publicKey()))
        .isEqualTo(KeyAlgorithm.EC_P384);
    assertThat(KeyPairs.algorithmOf(org.identity("Odd").certificate().publicKey()))
        .isEqualTo(KeyAlgorithm.EC_P256);
    assertThat(org.rootCa().certificate().holder().getSignatureAlgorithm().getAlgorithm().getId())
        .isEqualTo("1.2.840.10045.4.3.3");
  }

  @Test
  void validityWindowsFollowTheSpec() {
    Instant now = Instant.parse(Fixtures.NOW);
    X509CertificateHolder expired = enrollment("Expired");
    X509CertificateHolder future = enrollment("Future");

    assertThat(expired.getNotBefore().toInstant()).isEqualTo(Instant.parse("2020-01-01T00:00:00Z"));
    assertThat(expired.getNotAfter().toInstant()).isEqualTo(now.minusSeconds(86_400));
    assertThat(future.getNotBefore().toInstant()).isEqualTo(now.plusSeconds(30 * 86_400L));
    assertThat(future.getNotAfter().toInstant())
        .isEqualTo(now.plusSeconds(30 * 86_400L + 365 * 86_400L));
    assertThat(org.rootCa().certificate().holder().getNotAfter().toInstant())
        .isEqualTo(now.minusSeconds(300).plusSeconds(50L * 365 * 86_400));
  }

  @Test
  void caOrganizationalUnitAndExtraOusGoIntoOneRdn() {
    X509CertificateHolder odd = enrollment("Odd");
    X509CertificateHolder peer = enrollment("peer0");

    assertThat(odd.getSubject().getRDNs(BCStyle.OU)).singleElement().satisfies(rdn ->
        assertThat(rdn.getTypesAndValues()).extracting(a -> a.getValue().toString())
            .containsExactlyInAnyOrder("Fabric", "client", "dept1", "dept2"));
    assertThat(peer.getSubject().getRDNs(BCStyle.OU)[0].getTypesAndValues())
        .extracting(a -> a.getValue().toString()).containsExactlyInAnyOrder("Fabric", "peer");
    assertThat(org.rootCa().certificate().holder().getSubject().getRDNs(BCStyle.OU)[0]
        .getFirst().getValue().toString()).isEqualTo("Fabric");
  }

  @Test
  void extensionChoicesReplaceCryptogens() {
    X509CertificateHolder odd = enrollment("Odd");

    assertThat(odd.getExtension(Extension.keyUsage)).isNull();
    assertThat(ExtendedKeyUsage.fromExtensions(odd.getExtensions()).getUsages())
        .containsExactly(KeyPurposeId.id_kp_OCSPSigning);
    assertThat(BasicConstraints.fromExtensions(odd.getExtensions()).isCA()).isTrue();
    X509CertificateHolder ica = org.issuingCa().certificate().holder();
    assertThat(BasicConstraints.fromExtensions(ica.getExtensions()).getPathLenConstraint())
        .isZero();
    assertThat(KeyUsage.fromExtensions(ica.getExtensions()).hasUsages(KeyUsage.keyCertSign))
        .isTrue();
  }

  @Test
  void nameConstraintsAreWrittenOnTheCa() {
    X509CertificateHolder root = org.rootCa().certificate().holder();
    NameConstraints nc = NameConstraints.getInstance(
        root.getExtension(Extension.nameConstraints).getParsedValue());

    assertThat(nc.getPermittedSubtrees()).singleElement().satisfies(s ->
        assertThat(s.getBase()).isEqualTo(new GeneralName(GeneralName.dNSName, "example.com")));
    assertThat(nc.getExcludedSubtrees()).singleElement().satisfies(s ->
        assertThat(s.getBase().getTagNo()).isEqualTo(GeneralName.iPAddress));
    assertThat(root.getExtension(Extension.nameConstraints).isCritical()).isFalse();
  }

  @Test
  void sansTellIpAddressesFromDnsNames() {
    X509CertificateHolder tls = org.identity("peer0").tlsCertificate().holder();

    assertThat(GeneralNames.fromExtensions(tls.getExtensions(),
        Extension.subjectAlternativeName).getNames()).extracting(GeneralName::getTagNo)
        .containsExactly(GeneralName.dNSName, GeneralName.dNSName, GeneralName.iPAddress,
            GeneralName.dNSName);
    assertThat(GeneralNames.fromExtensions(tls.getExtensions(), Extension.subjectAlternativeName)
        .getNames()[3].getName().toString()).isEqualTo("peer0.alt.org5.example.com");
  }

  @Test
  void issuerOptionPicksTheSigningCa() {
    assertThat(enrollment("Direct").getIssuer())
        .isEqualTo(org.rootCa().certificate().holder().getSubject());
    assertThat(org.identity("Direct").tlsCertificate().holder().getIssuer())
        .isEqualTo(org.tlsRootCa().certificate().holder().getSubject());
    assertThat(enrollment("Odd").getIssuer())
        .isEqualTo(org.issuingCa().certificate().holder().getSubject());
  }

  @Test
  void javaBuilderMakesTheSameKindOfTree(@TempDir Path dir) {
    GeneratedTree tree = CryptoTree.builder()
        .seed("builder")
        .now(Instant.parse(Fixtures.NOW))
        .peerOrg(OrgSpec.of("Org1", "org1.example.com")
            .withNodeOUs(true)
            .withCa(CaSpec.DEFAULT.withIntermediates(java.util.List.of(CaSpec.intermediate("ica"))))
            .withTemplate(NodeTemplate.count(1))
            .withUsers(UsersSpec.count(2))
            .withCrl(CrlSpec.revoking("User2@org1.example.com")))
        .ordererOrg(OrgSpec.of("Orderer", "example.com")
            .withSpecs(java.util.List.of(NodeSpec.named("orderer"))))
        .build()
        .generate(dir);

    GeneratedOrg org1 = tree.org("org1.example.com");
    assertThat(org1.identity("User2").revoked()).isTrue();
    assertThat(org1.issuingCa().commonName()).isEqualTo("ica.org1.example.com");
    assertThat(tree.org("example.com").identity("orderer").tlsCertFile()).isRegularFile();
  }
}
