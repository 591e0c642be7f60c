package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.Names;
import io.msp4j.testdata.TestPki;
import java.math.BigInteger;
import java.util.Arrays;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class ParsedCertificateTest {
  private final TestPki pki = TestPki.seeded("parsed-certificate");

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i <= haystack.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Test
  void exposesTheFieldsOfAnEcdsaLeaf() {
    IssuedCertificate root = pki.certificate().subject("O=Org1,CN=ca").ca().build();
    IssuedCertificate leaf = pki.certificate()
        .subject(Names.builder().o("Org1").ou("peer").ou("COP").cn("peer0").build())
        .issuer(root).serial(0x1234).dnsNames("peer0.org1").build();

    ParsedCertificate c = ParsedCertificate.parse(leaf.der());

    assertThat(c.version()).isEqualTo(3);
    assertThat(c.serialHex()).isEqualTo("1234");
    assertThat(c.publicKey().algorithm()).isEqualTo(io.msp4j.x509.internal.cert.KeyAlgorithm.ECDSA);
    assertThat(c.publicKey().curveName()).contains("P-256");
    assertThat(c.publicKey().publicKey()).isPresent();
    assertThat(c.signatureAlgorithm()).isEqualTo(SignatureAlgorithm.ECDSA_WITH_SHA256);
    assertThat(c.subjectCommonName()).isEqualTo("peer0");
    assertThat(c.dnsNames()).containsExactly("peer0.org1");
    assertThat(c.isCa()).isFalse();
    assertThat(c.issuerIs(ParsedCertificate.parse(root.der()))).isTrue();
    assertThat(c.authorityKeyId()).isPresent();
    assertThat(c.describe()).contains("CN=peer0").contains("serial=1234").contains("CN=ca");
    assertThat(indexOf(leaf.der(), c.tbs())).isGreaterThan(0);
  }

  @Test
  @Tag("IDENT-03")
  void organizationalUnitsKeepOrderAndDuplicates() {
    IssuedCertificate leaf = pki.certificate()
        .subject(Names.builder().ou("peer").o("Org1").ou("COP").ou("peer").cn("x").build())
        .build();
    assertThat(ParsedCertificate.parse(leaf.der()).subjectOrganizationalUnits())
        .containsExactly("peer", "COP", "peer");
  }

  @Test
  @Tag("CHAIN-03")
  void rawNamesAreTheBytesOfTheCertificate() {
    IssuedCertificate leaf = pki.certificate()
        .subject(Names.builder().multiValued("OU=zzz", "CN=aaa").o("Org").build()).build();
    ParsedCertificate c = ParsedCertificate.parse(leaf.der());
    assertThat(indexOf(leaf.der(), c.rawSubject())).isGreaterThan(0);
    assertThat(indexOf(leaf.der(), c.rawIssuer())).isGreaterThan(0);
  }

  @Test
  void equalityIsByDerBytes() {
    IssuedCertificate a = pki.certificate().subject("CN=a").build();
    assertThat(ParsedCertificate.parse(a.der())).isEqualTo(ParsedCertificate.parse(a.der()))
        .hasSameHashCodeAs(ParsedCertificate.parse(a.der()));
    IssuedCertificate b = pki.certificate().subject("CN=a").keyPair(a.keyPair()).build();
    assertThat(ParsedCertificate.parse(a.der())).isNotEqualTo(ParsedCertificate.parse(b.der()));
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void trailingBytesAndGarbageAreRejected() {
    byte[] der = pki.certificate().subject("CN=a").build().der();
    byte[] trailing = Arrays.copyOf(der, der.length + 1);
    assertThatThrownBy(() -> ParsedCertificate.parse(trailing))
        .isInstanceOf(CertificateParseException.class);
    assertThatThrownBy(() -> ParsedCertificate.parse(new byte[] {0x30, 0x00}))
        .isInstanceOf(CertificateParseException.class);
    assertThatThrownBy(() -> ParsedCertificate.parse(new byte[0]))
        .isInstanceOf(CertificateParseException.class);
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void goParseFailuresAreReproduced() {
    assertThatThrownBy(() -> ParsedCertificate.parse(
        pki.certificate().subject("CN=neg").serial(BigInteger.valueOf(-5)).build().der()))
        .hasMessageContaining("negative serial number");
    assertThatThrownBy(() -> ParsedCertificate.parse(pki.certificate().subject("CN=k1")
        .keyAlgorithm(KeyAlgorithm.EC_SECP256K1).build().der()))
        .hasMessageContaining("unsupported elliptic curve");
    assertThatThrownBy(() -> ParsedCertificate.parse(pki.certificate().subject("CN=mismatch")
        .outerSignatureAlgorithm(new AlgorithmIdentifier(X9ObjectIdentifiers.ecdsa_with_SHA384))
        .build().der()))
        .hasMessageContaining("don't match");
    assertThatThrownBy(() -> ParsedCertificate.parse(pki.certificate().subject("CN=badski")
        .noSubjectKeyId().extension("2.5.29.14", false, DERNull.INSTANCE).build().der()))
        .hasMessageContaining("subject key identifier");
  }

  @Test
  @Tag("CHAIN-05")
  void unhandledCriticalExtensionsFollowGo123() {
    IssuedCertificate c = pki.certificate().subject("CN=x")
        .extension("1.2.3.4", true, new DEROctetString(new byte[] {1}))
        .extension("1.2.3.5", false, new DEROctetString(new byte[] {1}))
        .inhibitAnyPolicy(0)
        .certificatePolicies("1.2.3.6")
        .build();
    ParsedCertificate p = ParsedCertificate.parse(c.der());
    assertThat(p.unhandledCriticalExtensions()).contains("1.2.3.4").doesNotContain("1.2.3.5")
        .doesNotContain("2.5.29.32");
    assertThat(p.policies()).containsExactly("1.2.3.6");
  }

  @Test
  void ed25519KeysParse() {
    ParsedCertificate ed = ParsedCertificate.parse(pki.certificate().subject("CN=ed")
        .keyAlgorithm(KeyAlgorithm.ED25519).build().der());
    assertThat(ed.publicKey().algorithm()).isEqualTo(io.msp4j.x509.internal.cert.KeyAlgorithm.ED25519);
    assertThat(ed.signatureAlgorithm()).isEqualTo(SignatureAlgorithm.ED25519);
  }
}
