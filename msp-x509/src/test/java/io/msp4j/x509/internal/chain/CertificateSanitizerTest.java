package io.msp4j.x509.internal.chain;

import static io.msp4j.x509.internal.chain.Fixtures.PATHS;
import static io.msp4j.x509.internal.chain.Fixtures.parsed;
import static io.msp4j.x509.internal.chain.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.SignatureAlgorithm;
import io.msp4j.testdata.SignatureMangling;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.math.BigInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class CertificateSanitizerTest {
  private final TestPki pki = TestPki.seeded("sanitizer");
  private final CertificateSanitizer sanitizer = new CertificateSanitizer(PATHS);

  private static boolean lowS(ParsedCertificate c, String curve) {
    BigInteger s = EcdsaSignatureDer.decode(c.signature()).s();
    return EcdsaSignatureDer.isLowS(s, curve);
  }

  @Test
  @Tag("SANITIZE-03")
  @Tag("SANITIZE-04")
  void highSLeafIsRewrittenToLowS() {
    IssuedCertificate root = pki.certificate().subject("CN=root").keyAlgorithm(KeyAlgorithm.EC_P384).ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
        .mangleSignature(SignatureMangling.highS()).build();
    ParsedCertificate original = parsed(leaf);
    assertThat(lowS(original, "P-384")).isFalse();

    ParsedCertificate sanitized = sanitizer.sanitize(original, pool(root), pool());

    assertThat(sanitized.der()).isNotEqualTo(original.der());
    assertThat(sanitized.tbs()).isEqualTo(original.tbs());
    assertThat(sanitized.signatureAlgorithmDer()).isEqualTo(original.signatureAlgorithmDer());
    assertThat(lowS(sanitized, "P-384")).isTrue();
    assertThat(PATHS.findPaths(sanitized, sanitized.verificationTime(), pool(root), pool()).found())
        .isTrue();
  }

  /**
   * The chain sanitisation hands over with the sanitised certificate (so that validation does not
   * search again) is the unique chain a fresh search finds for the sanitised certificate: high-S
   * and low-S leaves, issued by a root or through intermediates, on several curves.
   */
  @Test
  @Tag("SANITIZE-03")
  @Tag("VALIDATE-01")
  @Tag("CHAIN-09")
  void chainHandedOverEqualsAFreshSearchForTheSanitisedCertificate() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    IssuedCertificate p384 = pki.certificate().subject("CN=root384").keyAlgorithm(KeyAlgorithm.EC_P384).ca().build();
    IssuedCertificate ica = pki.certificate().subject("CN=ica").issuer(root).ca().build();
    IssuedCertificate ica2 = pki.certificate().subject("CN=ica2").issuer(ica).ca().build();
    CertPool roots = pool(root, p384);
    CertPool intermediates = pool(ica, ica2);
    int handedOver = 0;
    for (IssuedCertificate issuer : java.util.List.of(root, p384, ica, ica2)) {
      for (SignatureMangling m : java.util.List.of(SignatureMangling.highS(), SignatureMangling.lowS())) {
        for (int i = 0; i < 3; i++) {
          IssuedCertificate leaf = pki.certificate().subject("CN=peer" + i + ",OU=peer").issuer(issuer)
              .mangleSignature(m).leaf().build();
          CertificateSanitizer.Sanitised s = sanitizer.sanitizeWithChain(parsed(leaf), roots, intermediates);
          assertThat(s.chain()).isNotNull();
          assertThat(s.chain().get(0)).isSameAs(s.cert());
          assertThat(s.chain()).isEqualTo(
              PATHS.uniquePath(s.cert(), s.cert().verificationTime(), roots, intermediates));
          handedOver++;
        }
      }
    }
    assertThat(handedOver).isEqualTo(24);
  }

  @Test
  @Tag("SANITIZE-02")
  void noChainIsHandedOverForSelfSignedOrNonEcdsaCertificates() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca()
        .mangleSignature(SignatureMangling.highS()).build();
    IssuedCertificate rsa = pki.certificate().subject("CN=rsa").keyAlgorithm(KeyAlgorithm.RSA_2048).ca().build();
    IssuedCertificate rsaLeaf = pki.certificate().subject("CN=leaf").issuer(rsa).leaf().build();
    assertThat(sanitizer.sanitizeWithChain(parsed(root), pool(root), pool()).chain()).isNull();
    assertThat(sanitizer.sanitizeWithChain(parsed(rsaLeaf), pool(rsa), pool()).chain()).isNull();
  }

  @Test
  @Tag("SANITIZE-04")
  void lowSLeafIsUnchanged() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
        .mangleSignature(SignatureMangling.lowS()).build();
    ParsedCertificate original = parsed(leaf);
    assertThat(sanitizer.sanitize(original, pool(root), pool())).isSameAs(original);
  }

  @Test
  @Tag("SANITIZE-02")
  void selfSignedHighSRootIsNormalisedWithItsOwnKey() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca()
        .mangleSignature(SignatureMangling.highS()).build();
    ParsedCertificate original = parsed(root);
    ParsedCertificate sanitized = sanitizer.sanitize(original, pool(root), pool());
    assertThat(sanitized).isNotEqualTo(original);
    assertThat(lowS(sanitized, "P-256")).isTrue();
    // the roots pool is not consulted for the self-signed case
    assertThat(sanitizer.sanitize(original, pool(), pool())).isEqualTo(sanitized);
  }

  @Test
  @Tag("SANITIZE-03")
  @Tag("DESER-02")
  void certificateWithoutChainCannotBeSanitised() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    IssuedCertificate other = pki.certificate().subject("CN=other").ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root).build();
    assertThatThrownBy(() -> sanitizer.sanitize(parsed(leaf), pool(other), pool()))
        .isInstanceOfSatisfying(SanitizationException.class, e -> {
          assertThat(e.rule()).isEqualTo("SANITIZE-03");
          assertThat(e.chainFailure().orElseThrow().kind()).isEqualTo(ChainFailure.Kind.NO_ISSUER);
        });
  }

  @Test
  @Tag("SANITIZE-03")
  @Tag("SETUP-CA-03")
  void nonSelfSignedCaUsedAsRootFails() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    IssuedCertificate ica = pki.certificate().subject("CN=ica").issuer(root).ca().build();
    assertThatThrownBy(() -> sanitizer.sanitize(parsed(ica), pool(ica), pool()))
        .isInstanceOfSatisfying(SanitizationException.class,
            e -> assertThat(e.getMessage()).contains("one element"));
  }

  @Test
  @Tag("SANITIZE-01")
  void nonEcdsaSignedCertificatesAreNotTouched() {
    IssuedCertificate edRoot = pki.certificate().subject("CN=ed root").keyAlgorithm(KeyAlgorithm.ED25519).ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(edRoot).build();
    ParsedCertificate p = parsed(leaf);
    // no chain is needed: the certificate is returned as it is
    assertThat(sanitizer.sanitize(p, pool(), pool())).isSameAs(p);
  }

  @Test
  @Tag("ALG-05")
  @Tag("SANITIZE-01")
  void ecdsaSha1CertificateNeverSanitises() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
        .signatureAlgorithm(SignatureAlgorithm.ECDSA_SHA1).build();
    assertThatThrownBy(() -> sanitizer.sanitize(parsed(leaf), pool(root), pool()))
        .isInstanceOfSatisfying(SanitizationException.class, e -> assertThat(
            e.chainFailure().orElseThrow().kind())
            .isEqualTo(ChainFailure.Kind.INSECURE_SIGNATURE_ALGORITHM));
  }

  @Test
  @Tag("SIG-DER-01")
  @Tag("SANITIZE-04")
  void signatureWithExtraMemberFailsBecauseGoVerificationIsStrict() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=peer0").issuer(root)
        .mangleSignature(SignatureMangling.extraInteger(BigInteger.ONE)).build();
    assertThatThrownBy(() -> sanitizer.sanitize(parsed(leaf), pool(root), pool()))
        .isInstanceOfSatisfying(SanitizationException.class, e -> assertThat(
            e.chainFailure().orElseThrow().kind()).isEqualTo(ChainFailure.Kind.SIGNATURE_INVALID));
  }

  @Test
  @Tag("SANITIZE-04")
  void rebuildKeepsTbsAndAlgorithmAndReplacesSignature() {
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    ParsedCertificate p = parsed(root);
    byte[] sig = EcdsaSignatureDer.toMinimalDer(BigInteger.ONE, BigInteger.TWO);
    ParsedCertificate rebuilt = CertificateSanitizer.rebuild(p, sig);
    assertThat(rebuilt.tbs()).isEqualTo(p.tbs());
    assertThat(rebuilt.signature()).isEqualTo(sig);
  }
}
