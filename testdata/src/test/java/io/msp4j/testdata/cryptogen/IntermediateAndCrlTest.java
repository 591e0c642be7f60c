package io.msp4j.testdata.cryptogen;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.IssuedCrl;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.util.Date;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntermediateAndCrlTest {
  private static final String SPEC = """
      Seed: crl
      Now: 2024-01-01T00:00:00Z
      PeerOrgs:
        - Name: Org3
          Domain: org3.example.com
          EnableNodeOUs: true
          CA:
            Intermediates:
              - Hostname: ica
              - Hostname: ica2
          Template: {Count: 1}
          Users: {Count: 2}
          CRL:
            Revoke: [User2@org3.example.com]
      """;

  @TempDir static Path out;
  static GeneratedOrg org;

  @BeforeAll
  static void generate() {
    org = CryptoTree.fromYaml(SPEC).generate(out).org("org3.example.com");
  }

  private static X509Certificate x509(IssuedCertificate c) {
    return c.x509Certificate();
  }

  @Test
  void chainsThroughEveryIntermediateValidateWithPkix() throws Exception {
    CertificateFactory cf = CertificateFactory.getInstance("X.509");
    PKIXParameters params = new PKIXParameters(
        Set.of(new TrustAnchor(x509(org.rootCa().certificate()), null)));
    params.setRevocationEnabled(false);
    params.setDate(Date.from(java.time.Instant.parse("2024-06-01T00:00:00Z")));
    var path = cf.generateCertPath(List.of(
        x509(org.identity("peer0").certificate()),
        x509(org.cas().get(2).certificate()),
        x509(org.cas().get(1).certificate())));

    CertPathValidator.getInstance("PKIX", new BouncyCastleProvider()).validate(path, params);

    assertThat(org.cas()).extracting(GeneratedCa::commonName)
        .containsExactly("ca.org3.example.com", "ica.org3.example.com", "ica2.org3.example.com");
    assertThat(org.tlsCas()).extracting(GeneratedCa::commonName)
        .containsExactly("tlsca.org3.example.com", "tlsica.org3.example.com",
            "tlsica2.org3.example.com");
    assertThat(org.issuingCa().certificate().holder().getSubject())
        .isEqualTo(org.identity("peer0").certificate().holder().getIssuer());
  }

  @Test
  @Tag("SETUP-CAFIN-01")
  void intermediatesAreCasWithSkiAndAkiOfTheirParent() {
    for (int i = 1; i < org.cas().size(); i++) {
      IssuedCertificate ica = org.cas().get(i).certificate();
      IssuedCertificate parent = org.cas().get(i - 1).certificate();
      assertThat(ica.holder().getIssuer()).isEqualTo(parent.holder().getSubject());
      assertThat(ica.subjectKeyId()).isPresent();
      assertThat(AuthorityKeyIdentifier.fromExtensions(ica.holder().getExtensions())
          .getKeyIdentifier()).isEqualTo(parent.subjectKeyId().orElseThrow());
    }
  }

  @Test
  void mspsCarryIntermediatesAndCrlsWhereFabricCaPutsThem() {
    for (Path msp : new Path[] {org.mspDir(), org.identity("peer0").mspDir(),
        org.identity("User1").mspDir()}) {
      assertThat(msp.resolve("intermediatecerts/ica.org3.example.com-cert.pem")).isRegularFile();
      assertThat(msp.resolve("intermediatecerts/ica2.org3.example.com-cert.pem")).isRegularFile();
      assertThat(msp.resolve("tlsintermediatecerts/tlsica.org3.example.com-cert.pem"))
          .isRegularFile();
      assertThat(msp.resolve("tlsintermediatecerts/tlsica2.org3.example.com-cert.pem"))
          .isRegularFile();
      assertThat(msp.resolve("crls/ica2.org3.example.com-crl.pem")).isRegularFile();
    }
    assertThat(org.dir().resolve("intermediatecas/ica.org3.example.com/priv_sk")).isRegularFile();
    assertThat(org.dir().resolve(
        "tlsintermediatecas/tlsica2.org3.example.com/tlsica2.org3.example.com-cert.pem"))
        .isRegularFile();
  }

  @Test
  @Tag("VALIDATE-CRL-02")
  void crlListsTheRevokedSerialAndIsSignedByItsIssuerWithAki() throws Exception {
    IssuedCrl crl = org.crls().get(0);
    IssuedCertificate issuer = org.issuingCa().certificate();
    GeneratedIdentity revoked = org.identity("User2");

    assertThat(org.crls()).hasSize(1);
    assertThat(crl.revokedSerials()).containsExactly(revoked.certificate().serial());
    assertThat(revoked.revoked()).isTrue();
    assertThat(org.identity("User1").revoked()).isFalse();
    assertThat(crl.holder().getIssuer()).isEqualTo(issuer.holder().getSubject());
    assertThat(crl.holder().isSignatureValid(new JcaContentVerifierProviderBuilder()
        .setProvider(new BouncyCastleProvider()).build(issuer.holder()))).isTrue();
    assertThat(crl.holder().isSignatureValid(new JcaContentVerifierProviderBuilder()
        .setProvider(new BouncyCastleProvider()).build(org.rootCa().certificate().holder())))
        .isFalse();
    assertThat(AuthorityKeyIdentifier.fromExtensions(crl.holder().getExtensions())
        .getKeyIdentifier()).isEqualTo(issuer.subjectKeyId().orElseThrow());
    String file = Files.readString(org.mspDir().resolve("crls/ica2.org3.example.com-crl.pem"));
    assertThat(file).startsWith("-----BEGIN X509 CRL-----\n").isEqualTo(crl.pem());
    assertThat(crl.holder().getExtension(Extension.authorityKeyIdentifier)).isNotNull();
  }

  @Test
  @Tag("VALIDATE-CRL-04")
  void revokingAnIntermediateMakesItsParentSignTheCrl(@TempDir Path dir) {
    GeneratedOrg o = CryptoTree.fromYaml(SPEC.replace("Revoke: [User2@org3.example.com]",
        "Revoke: [ica2.org3.example.com, User2@org3.example.com]")).generate(dir)
        .org("org3.example.com");

    assertThat(o.crls()).hasSize(2);
    assertThat(o.mspDir().resolve("crls/ica.org3.example.com-crl.pem")).isRegularFile();
    assertThat(o.crls().get(0).revokedSerials())
        .containsExactly(o.cas().get(2).certificate().serial());
    assertThat(o.crls().get(0).holder().getIssuer())
        .isEqualTo(o.cas().get(1).certificate().holder().getSubject());
  }

  @Test
  void tlsCertificateFilesCarryTheIntermediatesBelowTheRoot() throws Exception {
    String server = Files.readString(org.identity("peer0").tlsCertFile());

    assertThat(server.split("-----BEGIN CERTIFICATE-----", -1)).hasSize(4);
    assertThat(server).endsWith(org.tlsCas().get(1).certificate().pem());
    assertThat(Files.readString(org.identity("peer0").tlsCaFile()))
        .isEqualTo(org.tlsRootCa().certificate().pem());
  }
}
