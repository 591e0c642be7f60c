package io.msp4j.testdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.interfaces.ECPublicKey;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class KeyPairsTest {

  // RSA_4096 is left out only for speed: it takes the RSA_2048/RSA_3072 code path.
  @ParameterizedTest
  @EnumSource(value = KeyAlgorithm.class, mode = EnumSource.Mode.EXCLUDE, names = "RSA_4096")
  void everyAlgorithmSignsASelfSignedCertificate(KeyAlgorithm algorithm) throws Exception {
    TestPki pki = TestPki.seeded("alg-" + algorithm);
    IssuedCertificate c = pki.certificate().subject("CN=" + algorithm).keyAlgorithm(algorithm).ca().build();

    assertThat(KeyPairs.algorithmOf(c.publicKey())).isEqualTo(algorithm);
    assertThat(c.publicKey().getAlgorithm()).isIn(algorithm.family(), "ECDSA", "EdDSA");
    assertThat(
            c.holder()
                .isSignatureValid(
                    new JcaContentVerifierProviderBuilder().setProvider(BcProvider.INSTANCE).build(c.publicKey())))
        .isTrue();
    assertThat(c.holder().getSignatureAlgorithm())
        .isEqualTo(
            new org.bouncycastle.operator.DefaultSignatureAlgorithmIdentifierFinder()
                .find(algorithm.defaultSignatureAlgorithm().jcaName()));
    assertThat(KeyPairs.privateKey(PrivateKeys.pkcs8Der(c.privateKey().orElseThrow())))
        .isEqualTo(c.privateKey().orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(
      value = KeyAlgorithm.class,
      names = {"EC_P256", "ED25519", "RSA_2048", "EC_P521"})
  void fabricSkiIsSha256OfTheRawPublicKey(KeyAlgorithm algorithm) throws Exception {
    KeyPair kp = KeyPairs.generate(algorithm, DeterministicRandom.fromSeed("ski"));
    // For these key types the subjectPublicKey BIT STRING holds exactly Fabric's raw encoding:
    // 04||X||Y, the 32 Ed25519 bytes, or the PKCS#1 RSAPublicKey.
    byte[] raw = SubjectPublicKeyInfo.getInstance(kp.getPublic().getEncoded()).getPublicKeyData().getBytes();
    assertThat(SubjectKeyIds.fabricSki(kp.getPublic())).isEqualTo(MessageDigest.getInstance("SHA-256").digest(raw));
    if (kp.getPublic() instanceof ECPublicKey) {
      int size = (((ECPublicKey) kp.getPublic()).getParams().getCurve().getField().getFieldSize() + 7) / 8;
      assertThat(raw).hasSize(1 + 2 * size).startsWith(0x04);
    }
    if (algorithm == KeyAlgorithm.ED25519) {
      assertThat(raw).hasSize(32);
    }
    assertThat(SubjectKeyIds.rfc5280Sha1(kp.getPublic())).isEqualTo(MessageDigest.getInstance("SHA-1").digest(raw));
  }

  @ParameterizedTest
  @EnumSource(
      value = KeyAlgorithm.class,
      names = {"EC_P256", "ED25519", "RSA_2048", "DSA_2048"})
  void sameSeedSameKey(KeyAlgorithm algorithm) {
    KeyPair a = KeyPairs.generate(algorithm, DeterministicRandom.fromSeed("k"));
    KeyPair b = KeyPairs.generate(algorithm, DeterministicRandom.fromSeed("k"));
    KeyPair c = KeyPairs.generate(algorithm, DeterministicRandom.fromSeed("other"));
    assertThat(a.getPrivate().getEncoded()).isEqualTo(b.getPrivate().getEncoded());
    assertThat(a.getPublic().getEncoded()).isNotEqualTo(c.getPublic().getEncoded());
  }
}
