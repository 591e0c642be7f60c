package io.msp4j.testdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Instant;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERUTF8String;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.asn1.x509.NameConstraints;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.junit.jupiter.api.Test;

class CertificateBuilderTest {
  private final TestPki pki = TestPki.seeded("certificate-builder");

  static boolean verifies(IssuedCertificate cert, IssuedCertificate by) throws Exception {
    return cert.holder()
        .isSignatureValid(new JcaContentVerifierProviderBuilder().setProvider(BcProvider.INSTANCE).build(by.publicKey()));
  }

  @Test
  void threeLevelChainVerifiesWithBouncyCastle() throws Exception {
    IssuedCertificate root = pki.certificate().subject("CN=root,O=Org1").ca().build();
    IssuedCertificate ica = pki.certificate().subject("CN=ica,O=Org1").issuer(root).ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0,OU=peer,O=Org1").issuer(ica).build();

    assertThat(verifies(root, root)).isTrue();
    assertThat(verifies(ica, root)).isTrue();
    assertThat(verifies(leaf, ica)).isTrue();
    assertThat(verifies(leaf, root)).isFalse();
    assertThat(leaf.issuer().getEncoded()).isEqualTo(ica.subject().getEncoded());
    leaf.x509Certificate().verify(ica.publicKey(), BcProvider.INSTANCE);
  }

  @Test
  void defaultsFollowGoForCaAndLeaf() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=leaf").issuer(root).build();
    X509CertificateHolder r = root.holder();
    X509CertificateHolder l = leaf.holder();

    assertThat(BasicConstraints.fromExtensions(r.getExtensions()).isCA()).isTrue();
    assertThat(r.getExtension(Extension.basicConstraints).isCritical()).isTrue();
    assertThat(KeyUsage.fromExtensions(r.getExtensions()).hasUsages(KeyUsage.keyCertSign | KeyUsage.cRLSign)).isTrue();
    assertThat(r.getExtension(Extension.authorityKeyIdentifier)).isNull();
    assertThat(root.subjectKeyId()).contains(SubjectKeyIds.fabricSki(root.publicKey()));

    assertThat(BasicConstraints.fromExtensions(l.getExtensions()).isCA()).isFalse();
    assertThat(KeyUsage.fromExtensions(l.getExtensions()).hasUsages(KeyUsage.keyCertSign)).isFalse();
    assertThat(l.getExtension(Extension.authorityKeyIdentifier)).isNotNull();
    assertThat(org.bouncycastle.asn1.x509.AuthorityKeyIdentifier.fromExtensions(l.getExtensions()).getKeyIdentifier())
        .isEqualTo(root.subjectKeyId().orElseThrow());
    assertThat(l.getSerialNumber().signum()).isPositive();
    assertThat(l.getNotBefore().toInstant()).isEqualTo(CertificateBuilder.DEFAULT_NOT_BEFORE);
    assertThat(l.getNotAfter().toInstant()).isEqualTo(CertificateBuilder.DEFAULT_NOT_AFTER);
    assertThat(l.getSignatureAlgorithm().getAlgorithm().getId()).isEqualTo("1.2.840.10045.4.3.2");
  }

  @Test
  void extensionsCanBeLeftOutOrReplaced() {
    IssuedCertificate c =
        pki.certificate()
            .subject("CN=x")
            .noBasicConstraints()
            .noKeyUsage()
            .noSubjectKeyId()
            .extendedKeyUsage(KeyPurposeId.id_kp_clientAuth, KeyPurposeId.id_kp_OCSPSigning)
            .serial(42)
            .build();
    X509CertificateHolder h = c.holder();
    assertThat(h.getExtension(Extension.basicConstraints)).isNull();
    assertThat(h.getExtension(Extension.keyUsage)).isNull();
    assertThat(c.subjectKeyId()).isEmpty();
    assertThat(ExtendedKeyUsage.fromExtensions(h.getExtensions()).hasKeyPurposeId(KeyPurposeId.id_kp_clientAuth)).isTrue();
    assertThat(c.serial()).isEqualTo(BigInteger.valueOf(42));
  }

  @Test
  void sanNameConstraintsAndUnknownCriticalExtension() {
    ASN1ObjectIdentifier unknown = new ASN1ObjectIdentifier("1.3.6.1.4.1.99999.1");
    IssuedCertificate c =
        pki.certificate()
            .subject("CN=ca")
            .ca()
            .dnsNames("peer0.org1.example.com")
            .ipAddresses("127.0.0.1", "::1")
            .emails("a@example.com")
            .uris("https://example.com/x")
            .permitted(CertificateBuilder.dns("example.com"), CertificateBuilder.ip("10.0.0.0/8"))
            .excluded(CertificateBuilder.email("bad.example.com"), CertificateBuilder.directoryName("O=Evil"))
            .extension(unknown, true, new DERUTF8String("x"))
            .build();
    X509CertificateHolder h = c.holder();
    assertThat(GeneralNames.fromExtensions(h.getExtensions(), Extension.subjectAlternativeName).getNames()).hasSize(5);
    NameConstraints nc = NameConstraints.getInstance(h.getExtension(Extension.nameConstraints).getParsedValue());
    assertThat(nc.getPermittedSubtrees()).hasSize(2);
    assertThat(nc.getExcludedSubtrees()).hasSize(2);
    assertThat(h.getExtension(Extension.nameConstraints).isCritical()).isTrue();
    assertThat(h.getExtension(unknown).isCritical()).isTrue();
    assertThat(h.getCriticalExtensionOIDs()).contains(unknown);
  }

  @Test
  void subjectHelpersKeepOrderDuplicatesAndStringTypes() {
    IssuedCertificate c =
        pki.certificate()
            .subject(
                Names.builder()
                    .c("US")
                    .street("1 Main St")
                    .postalCode("12345")
                    .o("Org1")
                    .ou("peer")
                    .ou("peer")
                    .multiValued("OU=a", "OU=b")
                    .cn("admin@org1.example.com")
                    .build())
            .build();
    var rdns = c.subject().getRDNs();
    assertThat(rdns).hasSize(8);
    assertThat(c.subject().getRDNs(BCStyle.OU)).hasSize(3);
    assertThat(rdns[6].isMultiValued()).isTrue();
    assertThat(rdns[3].getFirst().getValue()).isInstanceOf(org.bouncycastle.asn1.DERPrintableString.class);
    assertThat(rdns[7].getFirst().getValue()).isInstanceOf(DERUTF8String.class);
  }

  @Test
  void versionOneCertificateHasNoExtensions() {
    IssuedCertificate c = pki.certificate().subject("CN=v1").version1().build();
    assertThat(c.holder().getVersionNumber()).isEqualTo(1);
    assertThat(c.holder().hasExtensions()).isFalse();
    assertThatThrownBy(() -> pki.certificate().subject("CN=v1").version1().noKeyUsage().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("version 1");
  }

  @Test
  void validityAndIssuerOverrides() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    Instant nb = Instant.parse("1989-01-01T00:00:00Z");
    Instant na = Instant.parse("1989-12-31T00:00:00Z");
    IssuedCertificate c =
        pki.certificate().subject("CN=old").issuer(root).issuerName("CN=someone else").validity(nb, na).build();
    assertThat(c.holder().getNotBefore().toInstant()).isEqualTo(nb);
    assertThat(c.holder().getNotAfter().toInstant()).isEqualTo(na);
    assertThat(c.issuer()).isEqualTo(Names.parse("CN=someone else"));
  }

  @Test
  void emptyIssuerIsRefusedClearly() {
    assertThatThrownBy(() -> pki.certificate().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("issuer DN is empty");
  }

  @Test
  void outerAlgorithmCanDifferFromTbsAlgorithm() {
    var sha384 = new org.bouncycastle.operator.DefaultSignatureAlgorithmIdentifierFinder().find("SHA384withECDSA");
    IssuedCertificate c = pki.certificate().subject("CN=x").outerSignatureAlgorithm(sha384).build();
    assertThat(c.holder().getSignatureAlgorithm()).isEqualTo(sha384);
    assertThat(c.holder().toASN1Structure().getTBSCertificate().getSignature().getAlgorithm().getId())
        .isEqualTo("1.2.840.10045.4.3.2");
  }

  @Test
  void issuerWithoutPrivateKeyCannotSign() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build().withoutPrivateKey();
    assertThatThrownBy(() -> pki.certificate().issuer(root).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no private key");
  }

  @Test
  void signatureAlgorithmOverrideAndMismatch() throws Exception {
    IssuedCertificate c = pki.certificate().subject("CN=sha1").signatureAlgorithm(SignatureAlgorithm.ECDSA_SHA1).build();
    assertThat(c.holder().getSignatureAlgorithm().getAlgorithm().getId()).isEqualTo("1.2.840.10045.4.1");
    assertThat(verifies(c, c)).isTrue();
    assertThatThrownBy(() -> pki.certificate().subject("CN=x").signatureAlgorithm(SignatureAlgorithm.RSA_SHA256).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("RSA_SHA256");
  }

  @Test
  void pemRoundTrips() {
    IssuedCertificate c = pki.certificate().subject("CN=pem").build();
    assertThat(c.pem()).startsWith("-----BEGIN CERTIFICATE-----\n").endsWith("-----END CERTIFICATE-----\n");
    assertThat(IssuedCertificate.fromPem(c.pem())).isEqualTo(c);
    assertThat(c.pkcs8Pem()).startsWith("-----BEGIN PRIVATE KEY-----\n");
    assertThat(IssuedCertificate.fromPem(c.pem()).privateKey()).isEmpty();
  }
}
