package io.msp4j.config.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.PrivateKeys;
import io.msp4j.testdata.SubjectKeyIds;
import io.msp4j.testdata.TestPki;
import java.security.KeyPair;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Tag("FOLDER-10")
class KeyDecoderTest {

  private static final TestPki PKI = TestPki.seeded("KeyDecoderTest");
  private static final KeyDecoder DECODER = new KeyDecoder(new BouncyCastleProvider());

  @ParameterizedTest
  @EnumSource(names = {"EC_P224", "EC_P256", "EC_P384", "EC_P521", "ED25519", "RSA_2048"})
  void skiOfAPublicKeyMatchesTheIndependentComputation(KeyAlgorithm alg) {
    KeyPair k = PKI.keyPair(alg);
    assertThat(io.msp4j.x509.SubjectKeyIds.of(k.getPublic())).isEqualTo(SubjectKeyIds.fabricSki(k.getPublic()));
  }

  @ParameterizedTest
  @EnumSource(names = {"EC_P224", "EC_P256", "EC_P384", "EC_P521", "ED25519"})
  void pkcs8PrivateKeyGivesTheSkiOfItsPublicHalf(KeyAlgorithm alg) throws Exception {
    KeyPair k = PKI.keyPair(alg);
    assertThat(DECODER.privateKey(PrivateKeys.pkcs8Der(k.getPrivate())).ski())
        .isEqualTo(SubjectKeyIds.fabricSki(k.getPublic()));
  }

  @Test
  void pkcs1RsaAndSec1EcKeysAreDecoded() throws Exception {
    KeyPair rsa = PKI.keyPair(KeyAlgorithm.RSA_2048);
    assertThat(DECODER.privateKey(PrivateKeys.pkcs1Der(rsa.getPrivate())).ski())
        .isEqualTo(SubjectKeyIds.fabricSki(rsa.getPublic()));
    KeyPair ec = PKI.keyPair(KeyAlgorithm.EC_P384);
    assertThat(DECODER.privateKey(PrivateKeys.sec1Der(ec.getPrivate())).ski())
        .isEqualTo(SubjectKeyIds.fabricSki(ec.getPublic()));
  }

  @Test
  void pkcs8RsaDsaAndSecp256k1AreRefused() {
    for (KeyAlgorithm alg : new KeyAlgorithm[] {KeyAlgorithm.RSA_2048, KeyAlgorithm.DSA_2048,
        KeyAlgorithm.EC_SECP256K1}) {
      byte[] der = PrivateKeys.pkcs8Der(PKI.keyPair(alg).getPrivate());
      assertThatThrownBy(() -> DECODER.privateKey(der))
          .as(alg.name())
          .isInstanceOf(KeyDecoder.KeyDecodeException.class);
    }
  }

  @Test
  void publicKeysOfSupportedTypesAreDecoded() throws Exception {
    for (KeyAlgorithm alg : new KeyAlgorithm[] {KeyAlgorithm.EC_P256, KeyAlgorithm.ED25519,
        KeyAlgorithm.RSA_2048}) {
      KeyPair k = PKI.keyPair(alg);
      assertThat(DECODER.publicKey(k.getPublic().getEncoded()).getEncoded())
          .isEqualTo(k.getPublic().getEncoded());
    }
    byte[] k1 = PKI.keyPair(KeyAlgorithm.EC_SECP256K1).getPublic().getEncoded();
    assertThatThrownBy(() -> DECODER.publicKey(k1)).isInstanceOf(KeyDecoder.KeyDecodeException.class);
  }

  @Test
  void trailingBytesAfterAPkcs8KeyAreIgnoredAsGoDoes() throws Exception {
    KeyPair k = PKI.keyPair(KeyAlgorithm.EC_P256);
    byte[] der = PrivateKeys.pkcs8Der(k.getPrivate());
    byte[] padded = java.util.Arrays.copyOf(der, der.length + 3);
    assertThat(DECODER.privateKey(padded).ski()).isEqualTo(SubjectKeyIds.fabricSki(k.getPublic()));
  }
}
