package io.msp4j.x509.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.SignatureAlgorithm;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The sanitised certificate made from the parts of the parsed one ({@link
 * CertificateSanitizer#rebuild}) is byte for byte and field for field what encoding and parsing
 * it again gives ({@link CertificateSanitizer#rebuildAndParse}).
 */
@Tag("SANITIZE-04")
class CertificateRebuildTest {
  private final TestPki pki = TestPki.seeded("rebuild");

  private List<IssuedCertificate> certificates() {
    IssuedCertificate p256 = pki.certificate().subject("CN=p256 root,O=org1").ca().build();
    IssuedCertificate p384 = pki.certificate().subject("CN=p384 root").keyAlgorithm(KeyAlgorithm.EC_P384).ca().build();
    IssuedCertificate p521 = pki.certificate().subject("CN=p521 root").keyAlgorithm(KeyAlgorithm.EC_P521).ca().build();
    IssuedCertificate rsa = pki.certificate().subject("CN=rsa root").keyAlgorithm(KeyAlgorithm.RSA_4096).ca().build();
    List<IssuedCertificate> out = new ArrayList<>(List.of(p256, p384, p521, rsa));
    out.add(pki.certificate().subject("C=US,O=org1,OU=peer,OU=extra,CN=peer0").issuer(p256).leaf().build());
    out.add(pki.certificate().subject("CN=peer1").issuer(p384).signatureAlgorithm(SignatureAlgorithm.ECDSA_SHA512)
        .mangleSignature(SignatureMangling.highS()).leaf().build());
    out.add(pki.certificate().subject("CN=peer2").issuer(p521).leaf()
        .dnsNames("peer2.example.com").ipAddresses("10.0.0.1").emails("a@b.c").uris("https://x.example")
        .certificatePolicies("1.2.3.4").extendedKeyUsage(KeyPurposeId.id_kp_clientAuth).build());
    out.add(pki.certificate().subject("CN=ica").issuer(rsa).ca(2).permitted(CertificateBuilder.dns("example.com"))
        .build());
    out.add(pki.certificate().subject("CN=v1").issuer(p256).version1().build());
    out.add(pki.certificate().subject("CN=ed").issuer(p256).keyAlgorithm(KeyAlgorithm.ED25519).leaf().build());
    return out;
  }

  @Test
  void rebuiltCertificatesEqualReparsedOnes() {
    Random random = new Random(11);
    int checked = 0;
    for (IssuedCertificate c : certificates()) {
      ParsedCertificate original = ParsedCertificate.parse(c.der());
      List<byte[]> signatures = new ArrayList<>();
      if (original.signatureAlgorithm().isEcdsa()) {
        EcdsaSignatureDer.RS rs = EcdsaSignatureDer.decode(original.signature());
        BigInteger n = EcdsaSignatureDer.curveOrder(curveOfSigner(original));
        signatures.add(EcdsaSignatureDer.toMinimalDer(rs.r(), n.subtract(rs.s())));
      }
      for (int len : new int[] {0, 1, 70, 127, 128, 255, 256, 600}) {
        byte[] sig = new byte[len];
        random.nextBytes(sig);
        signatures.add(sig);
      }
      for (byte[] sig : signatures) {
        ParsedCertificate fast = CertificateSanitizer.rebuild(original, sig);
        ParsedCertificate plain = CertificateSanitizer.rebuildAndParse(original, sig);
        assertSameCertificate(fast, plain);
        assertThat(fast.signature()).isEqualTo(sig);
        assertThat(fast).isNotSameAs(original);
        checked++;
      }
    }
    assertThat(checked).isGreaterThan(80);
  }

  /** The curve of the key that signed a certificate of this test (by signature length). */
  private static String curveOfSigner(ParsedCertificate c) {
    int len = c.signature().length;
    return len > 120 ? "P-521" : len > 90 ? "P-384" : "P-256";
  }

  static void assertSameCertificate(ParsedCertificate a, ParsedCertificate b) {
    assertThat(a.der()).isEqualTo(b.der());
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a.tbs()).isEqualTo(b.tbs());
    assertThat(a.version()).isEqualTo(b.version());
    assertThat(a.serial()).isEqualTo(b.serial());
    assertThat(a.rawIssuer()).isEqualTo(b.rawIssuer());
    assertThat(a.rawSubject()).isEqualTo(b.rawSubject());
    assertThat(a.subjectAttributes()).isEqualTo(b.subjectAttributes());
    assertThat(a.issuerAttributes()).isEqualTo(b.issuerAttributes());
    assertThat(a.notBefore()).isEqualTo(b.notBefore());
    assertThat(a.notAfter()).isEqualTo(b.notAfter());
    assertThat(a.publicKey().spki()).isEqualTo(b.publicKey().spki());
    assertThat(a.publicKey().algorithm()).isEqualTo(b.publicKey().algorithm());
    assertThat(a.publicKey().curveName()).isEqualTo(b.publicKey().curveName());
    assertThat(a.signatureAlgorithmDer()).isEqualTo(b.signatureAlgorithmDer());
    assertThat(a.signatureAlgorithmId()).isEqualTo(b.signatureAlgorithmId());
    assertThat(a.signatureAlgorithm()).isEqualTo(b.signatureAlgorithm());
    assertThat(a.signature()).isEqualTo(b.signature());
    assertThat(a.extensions()).usingRecursiveFieldByFieldElementComparator().isEqualTo(b.extensions());
    assertThat(a.unhandledCriticalExtensions()).isEqualTo(b.unhandledCriticalExtensions());
    assertThat(a.basicConstraintsPresent()).isEqualTo(b.basicConstraintsPresent());
    assertThat(a.isCa()).isEqualTo(b.isCa());
    assertThat(a.maxPathLen()).isEqualTo(b.maxPathLen());
    assertThat(a.keyUsageBits()).isEqualTo(b.keyUsageBits());
    assertThat(a.extendedKeyUsages()).isEqualTo(b.extendedKeyUsages());
    assertThat(a.subjectKeyId()).usingRecursiveComparison().isEqualTo(b.subjectKeyId());
    assertThat(a.authorityKeyId()).usingRecursiveComparison().isEqualTo(b.authorityKeyId());
    assertThat(a.subjectAltNameValue()).usingRecursiveComparison().isEqualTo(b.subjectAltNameValue());
    assertThat(a.dnsNames()).isEqualTo(b.dnsNames());
    assertThat(a.emailAddresses()).isEqualTo(b.emailAddresses());
    assertThat(a.uris()).isEqualTo(b.uris());
    assertThat(a.ipAddresses()).usingRecursiveFieldByFieldElementComparator().isEqualTo(b.ipAddresses());
    assertThat(a.hasNameConstraints()).isEqualTo(b.hasNameConstraints());
    assertThat(a.nameConstraints()).usingRecursiveComparison().isEqualTo(b.nameConstraints());
    assertThat(a.policies()).isEqualTo(b.policies());
    assertThat(a.describe()).isEqualTo(b.describe());
    assertThat(a.subjectOrganizationalUnits()).isEqualTo(b.subjectOrganizationalUnits());
  }
}
