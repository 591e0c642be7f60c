package io.msp4j.testdata.cryptogen;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.SubjectKeyIds;
import java.math.BigInteger;
import java.nio.file.Path;
import java.security.interfaces.ECPublicKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.AuthorityKeyIdentifier;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The certificates of the example tree carry what cryptogen puts in them. */
class GeneratedCertificatesTest {
  @TempDir static Path out;
  static GeneratedTree tree;
  static GeneratedOrg org1;

  @BeforeAll
  static void generate() {
    String spec = Fixtures.exampleSpec("certs").replace(
        "    Domain: org1.example.com\n    EnableNodeOUs: false",
        "    Domain: org1.example.com\n    EnableNodeOUs: true");
    tree = CryptoTree.fromYaml(spec).generate(out);
    org1 = tree.org("org1.example.com");
  }

  private static boolean verifies(IssuedCertificate cert, IssuedCertificate issuer) throws Exception {
    return cert.holder().isSignatureValid(new JcaContentVerifierProviderBuilder()
        .setProvider(new org.bouncycastle.jce.provider.BouncyCastleProvider())
        .build(issuer.holder()));
  }

  private static List<String> rdnOrder(X509CertificateHolder h) {
    List<String> out = new ArrayList<>();
    for (RDN rdn : h.getSubject().getRDNs()) {
      StringBuilder sb = new StringBuilder();
      for (var atv : rdn.getTypesAndValues()) {
        if (sb.length() > 0) {
          sb.append('+');
        }
        sb.append(BCStyle.INSTANCE.oidToDisplayName(atv.getType())).append('=')
            .append(atv.getValue().toString());
      }
      out.add(sb.toString());
    }
    return out;
  }

  @Test
  void everyCertificateVerifiesUnderItsCa() throws Exception {
    for (GeneratedOrg org : tree.orgs()) {
      IssuedCertificate ca = org.rootCa().certificate();
      IssuedCertificate tlsCa = org.tlsRootCa().certificate();
      assertThat(verifies(ca, ca)).as("self-signed " + org.domain()).isTrue();
      assertThat(verifies(tlsCa, tlsCa)).isTrue();
      List<GeneratedIdentity> ids = new ArrayList<>(org.nodes());
      ids.addAll(org.users());
      for (GeneratedIdentity id : ids) {
        assertThat(verifies(Fixtures.cert(id.signCertFile()), ca)).as(id.commonName()).isTrue();
        assertThat(verifies(Fixtures.cert(id.tlsCertFile()), tlsCa)).as(id.commonName()).isTrue();
        assertThat(verifies(Fixtures.cert(id.signCertFile()), tlsCa)).isFalse();
      }
    }
  }

  @Test
  void caCertificatesLookLikeCryptogens() {
    X509CertificateHolder ca = org1.rootCa().certificate().holder();

    assertThat(rdnOrder(ca)).containsExactly("C=US", "ST=California", "L=San Francisco",
        "O=org1.example.com", "CN=ca.org1.example.com");
    assertThat(ca.getIssuer()).isEqualTo(ca.getSubject());
    assertThat(ca.getExtension(Extension.keyUsage).isCritical()).isTrue();
    assertThat(KeyUsage.fromExtensions(ca.getExtensions()).hasUsages(KeyUsage.digitalSignature
        | KeyUsage.keyEncipherment | KeyUsage.keyCertSign | KeyUsage.cRLSign)).isTrue();
    assertThat(ExtendedKeyUsage.fromExtensions(ca.getExtensions()).getUsages())
        .containsExactly(KeyPurposeId.id_kp_clientAuth, KeyPurposeId.id_kp_serverAuth);
    assertThat(ca.getExtension(Extension.basicConstraints).isCritical()).isTrue();
    assertThat(BasicConstraints.fromExtensions(ca.getExtensions()).isCA()).isTrue();
    assertThat(BasicConstraints.fromExtensions(ca.getExtensions()).getPathLenConstraint()).isNull();
    assertThat(ca.getExtension(Extension.authorityKeyIdentifier)).isNull();
    assertThat(rdnOrder(org1.tlsRootCa().certificate().holder()))
        .endsWith("O=org1.example.com", "CN=tlsca.org1.example.com");
  }

  @Test
  @Tag("SETUP-CAFIN-01")
  void caSubjectKeyIdIsSha256OfTheUncompressedPoint() {
    IssuedCertificate ca = org1.rootCa().certificate();
    ECPublicKey key = (ECPublicKey) ca.publicKey();

    assertThat(ca.subjectKeyId()).hasValue(SubjectKeyIds.fabricSki(key));
    assertThat(ca.subjectKeyId().orElseThrow()).hasSize(32);
  }

  @Test
  void enrollmentCertificatesCarryNodeOusAndNoSkiOrEku() {
    X509CertificateHolder peer = Fixtures.cert(org1.identity("peer0").signCertFile()).holder();
    X509CertificateHolder admin = Fixtures.cert(org1.admin().signCertFile()).holder();
    X509CertificateHolder user = Fixtures.cert(org1.identity("User1").signCertFile()).holder();

    assertThat(rdnOrder(peer)).containsExactly("C=US", "ST=California", "L=San Francisco",
        "OU=peer", "CN=peer0.org1.example.com");
    assertThat(rdnOrder(admin)).contains("OU=admin", "CN=Admin@org1.example.com");
    assertThat(rdnOrder(user)).contains("OU=client", "CN=User1@org1.example.com");
    assertThat(KeyUsage.fromExtensions(peer.getExtensions()).hasUsages(KeyUsage.digitalSignature))
        .isTrue();
    assertThat(peer.getExtension(Extension.keyUsage).getParsedValue())
        .isEqualTo(new KeyUsage(KeyUsage.digitalSignature).toASN1Primitive());
    assertThat(peer.getExtension(Extension.extendedKeyUsage)).isNull();
    assertThat(peer.getExtension(Extension.subjectKeyIdentifier)).isNull();
    assertThat(peer.getExtension(Extension.subjectAlternativeName)).isNull();
    assertThat(BasicConstraints.fromExtensions(peer.getExtensions()).isCA()).isFalse();
    assertThat(AuthorityKeyIdentifier.fromExtensions(peer.getExtensions()).getKeyIdentifier())
        .isEqualTo(org1.rootCa().certificate().subjectKeyId().orElseThrow());
    assertThat(peer.getIssuer()).isEqualTo(org1.rootCa().certificate().holder().getSubject());
  }

  @Test
  void withoutNodeOusSubjectsHaveNoOu() {
    X509CertificateHolder peer =
        Fixtures.cert(tree.org("org2.example.com").identity("peer0").signCertFile()).holder();

    assertThat(rdnOrder(peer)).containsExactly("C=US", "ST=California", "L=San Francisco",
        "CN=peer0.org2.example.com");
  }

  @Test
  void tlsCertificatesHaveServerAndClientAuthAndHostnameSans() {
    X509CertificateHolder server = Fixtures.cert(org1.identity("peer1").tlsCertFile()).holder();
    X509CertificateHolder client = Fixtures.cert(org1.identity("User1").tlsCertFile()).holder();

    assertThat(rdnOrder(server)).containsExactly("C=US", "ST=California", "L=San Francisco",
        "CN=peer1.org1.example.com");
    assertThat(KeyUsage.fromExtensions(server.getExtensions())
        .hasUsages(KeyUsage.digitalSignature | KeyUsage.keyEncipherment)).isTrue();
    assertThat(ExtendedKeyUsage.fromExtensions(server.getExtensions()).getUsages())
        .containsExactly(KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth);
    assertThat(GeneralNames.fromExtensions(server.getExtensions(),
        Extension.subjectAlternativeName).getNames())
        .containsExactly(new GeneralName(GeneralName.dNSName, "peer1.org1.example.com"),
            new GeneralName(GeneralName.dNSName, "peer1"));
    assertThat(client.getExtension(Extension.subjectAlternativeName)).isNull();
    assertThat(Fixtures.read(org1.identity("peer1").tlsCaFile()))
        .isEqualTo(Fixtures.read(org1.tlsRootCa().certFile()));
  }

  @Test
  void validityIsTenYearsFromNowRoundedToTheMinuteLessFiveMinutes() {
    X509CertificateHolder peer = Fixtures.cert(org1.identity("peer0").signCertFile()).holder();
    Instant notBefore = Instant.parse(Fixtures.NOW).minus(Duration.ofMinutes(5));

    assertThat(peer.getNotBefore().toInstant()).isEqualTo(notBefore);
    assertThat(peer.getNotAfter().toInstant()).isEqualTo(notBefore.plus(Duration.ofDays(3650)));
    assertThat(Validity.cryptogenNotBefore(Instant.parse("2024-01-01T10:20:29Z")))
        .isEqualTo(Instant.parse("2024-01-01T10:15:00Z"));
    assertThat(Validity.cryptogenNotBefore(Instant.parse("2024-01-01T10:20:30Z")))
        .isEqualTo(Instant.parse("2024-01-01T10:16:00Z"));
  }

  @Test
  void serialsAreDistinctPositiveAndAtMost128Bits() {
    Set<BigInteger> serials = new HashSet<>();
    int count = 0;
    for (GeneratedOrg org : tree.orgs()) {
      for (GeneratedIdentity id : org.users()) {
        serials.add(id.certificate().serial());
        serials.add(id.tlsCertificate().serial());
        count += 2;
      }
    }
    assertThat(serials).hasSize(count).allSatisfy(s -> {
      assertThat(s.signum()).isPositive();
      assertThat(s.bitLength()).isLessThanOrEqualTo(128);
    });
  }

  @Test
  void ecdsaSignaturesAreLowS() {
    BigInteger order = ((ECPublicKey) org1.rootCa().certificate().publicKey()).getParams().getOrder();
    for (GeneratedIdentity id : org1.users()) {
      byte[] sig = id.certificate().holder().getSignature();
      BigInteger s = ((org.bouncycastle.asn1.ASN1Integer) ASN1Sequence.getInstance(sig)
          .getObjectAt(1)).getValue();
      assertThat(s).isLessThanOrEqualTo(order.shiftRight(1));
    }
  }

  @Test
  @Tag("FOLDER-10")
  void keysArePkcs8InGoEncodingAndMatchTheirCertificates() throws Exception {
    GeneratedIdentity peer = org1.identity("peer0");
    String pem = Fixtures.read(peer.keyFile());
    byte[] der = java.util.Base64.getMimeDecoder().decode(pem
        .replace("-----BEGIN PRIVATE KEY-----", "").replace("-----END PRIVATE KEY-----", ""));
    var info = org.bouncycastle.asn1.pkcs.PrivateKeyInfo.getInstance(der);
    var inner = org.bouncycastle.asn1.sec.ECPrivateKey.getInstance(info.parsePrivateKey());

    assertThat(pem).startsWith("-----BEGIN PRIVATE KEY-----\n");
    assertThat(der).hasSize(138);
    assertThat(inner.getParametersObject()).isNull();
    assertThat(inner.getPublicKey()).isNotNull();
    var privateKey = io.msp4j.testdata.KeyPairs.privateKey(der);
    var sig = java.security.Signature.getInstance("SHA256withECDSA");
    sig.initSign(privateKey);
    sig.update(new byte[] {1, 2, 3});
    byte[] signature = sig.sign();
    sig.initVerify(Fixtures.cert(peer.signCertFile()).publicKey());
    sig.update(new byte[] {1, 2, 3});
    assertThat(sig.verify(signature)).isTrue();
  }
}
