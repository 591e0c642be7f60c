package io.msp4j.x509.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.SignatureAlgorithm;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.cert.SameCertificate;
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
    SameCertificate.assertSame(a, b);
  }
}
