package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import java.util.List;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.util.PublicKeyFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Keys decoded once on the fast curves equal what Bouncy Castle's key factory makes. */
@Tag("ALG-01")
@Tag("ALG-02")
class CertPublicKeyTest {
  private final TestPki pki = TestPki.seeded("cert-public-key");

  @Test
  void ecKeysEqualThoseOfBouncyCastlesKeyFactory() throws Exception {
    for (KeyAlgorithm alg : List.of(KeyAlgorithm.EC_P224, KeyAlgorithm.EC_P256, KeyAlgorithm.EC_P384,
        KeyAlgorithm.EC_P521)) {
      for (int i = 0; i < 3; i++) {
        IssuedCertificate c = pki.certificate().subject("CN=k" + i).keyAlgorithm(alg).leaf().build();
        CertPublicKey key = ParsedCertificate.parse(c.der()).publicKey();
        AsymmetricKeyParameter reference =
            PublicKeyFactory.createKey(SubjectPublicKeyInfo.getInstance(key.spki()));
        ECPublicKeyParameters ours = (ECPublicKeyParameters) key.parameters().orElseThrow();
        ECPublicKeyParameters theirs = (ECPublicKeyParameters) reference;
        assertThat(ours.getQ()).isEqualTo(theirs.getQ());
        assertThat(ours.getParameters()).isEqualTo(theirs.getParameters());
        assertThat(ours.getParameters().getCurve().getClass())
            .isEqualTo(theirs.getParameters().getCurve().getClass());
        assertThat(key.publicKey()).hasValueSatisfying(k -> assertThat(k.getEncoded()).isEqualTo(key.spki()));
      }
    }
  }

  @Test
  void jcaKeysAreMadeOnDemandForEveryKeyType() {
    for (KeyAlgorithm alg : List.of(KeyAlgorithm.EC_P256, KeyAlgorithm.ED25519, KeyAlgorithm.RSA_2048)) {
      IssuedCertificate c = pki.certificate().subject("CN=jca").keyAlgorithm(alg).leaf().build();
      CertPublicKey key = ParsedCertificate.parse(c.der()).publicKey();
      assertThat(key.publicKey()).isPresent();
      assertThat(key.publicKey().orElseThrow()).isSameAs(key.publicKey().orElseThrow());
      assertThat(key.publicKey().orElseThrow().getEncoded()).isEqualTo(c.publicKey().getEncoded());
    }
  }

  @Test
  void preparedFormsAreKeptPerOwner() {
    CertPublicKey key = ParsedCertificate.parse(pki.certificate().subject("CN=p").leaf().build().der()).publicKey();
    Object a = new Object();
    Object b = new Object();
    int[] made = {0};
    String first = key.prepared(a, String.class, k -> "a" + (++made[0]));
    assertThat(key.prepared(a, String.class, k -> "a" + (++made[0]))).isSameAs(first);
    assertThat(key.prepared(b, String.class, k -> "b" + (++made[0]))).isEqualTo("b2");
    assertThat(made[0]).isEqualTo(2);
  }
}
