package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.idemix.internal.wire.IdemixWire.CredentialRevocationInformation;
import io.msp4j.testdata.DeterministicRandom;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class IdemixRevocationKeyTest {
  private static final IdemixRevocationKey KEY = IdemixRevocationKey.generate(DeterministicRandom.fromSeed("rev"));

  @Test
  @Tag("IDEMIX-FOLDER-01")
  void thePemIsAPkixPublicKeyOnP384() throws Exception {
    PemObject pem = new PemReader(new StringReader(new String(KEY.publicKeyPem(), StandardCharsets.US_ASCII)))
        .readPemObject();

    assertThat(pem.getType()).isEqualTo("PUBLIC KEY");
    ECPublicKey key = (ECPublicKey) KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(pem.getContent()));
    assertThat(key.getParams().getCurve().getField().getFieldSize()).isEqualTo(384);
    assertThat(key.getParams().getOrder()).isEqualTo(p384Order());
    assertThat(key).isEqualTo(KEY.publicKey());
  }

  private static java.math.BigInteger p384Order() throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(new ECGenParameterSpec("secp384r1"));
    return ((ECPublicKey) g.generateKeyPair().getPublic()).getParams().getOrder();
  }

  @Test
  void thePemIsWrittenAsGoWritesIt() {
    String pem = new String(KEY.publicKeyPem(), StandardCharsets.US_ASCII);

    assertThat(pem).startsWith("-----BEGIN PUBLIC KEY-----\n").endsWith("\n-----END PUBLIC KEY-----\n")
        .doesNotContain("\r");
    assertThat(pem.lines().skip(1).limit(2)).allSatisfy(l -> assertThat(l).hasSize(64));
  }

  @Test
  void thePrivateKeyRoundTripsThroughPkcs8() {
    IdemixRevocationKey imported = IdemixRevocationKey.fromPkcs8(KEY.privateKeyPkcs8());

    assertThat(imported).isEqualTo(KEY);
    assertThat(imported.publicKey()).isEqualTo(KEY.publicKey());
    assertThat(imported.publicKeyPem()).isEqualTo(KEY.publicKeyPem());
  }

  @Test
  void aKeyOnAnotherCurveOrGarbageIsRefused() throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
    g.initialize(new ECGenParameterSpec("secp256r1"));
    byte[] p256 = g.generateKeyPair().getPrivate().getEncoded();

    assertThat(assertThrows(IllegalArgumentException.class, () -> IdemixRevocationKey.fromPkcs8(p256)))
        .hasMessageContaining("not on P-384");
    assertThat(assertThrows(IllegalArgumentException.class, () -> IdemixRevocationKey.fromPkcs8(new byte[] {1, 2})))
        .hasMessageContaining("not a PKCS#8 EC private key");
  }

  @Test
  void noRevocationInformationIsSignedOverItselfWithoutTheSignature() throws Exception {
    byte[] bytes = KEY.noRevocationInformation(0, DeterministicRandom.fromSeed("cri"));
    CredentialRevocationInformation cri = CredentialRevocationInformation.parseFrom(bytes);

    assertThat(cri.getRevocationAlg()).isZero();
    assertThat(cri.getEpoch()).isZero();
    assertThat(cri.getRevocationData().isEmpty()).isTrue();
    assertThat(cri.getEpochPk()).isEqualTo(PointWire.g2(Fp256bn.generatorG2()));
    byte[] signed = cri.toBuilder().clearEpochPkSig().build().toByteArray();
    assertThat(ecdsaVerifies(signed, cri.getEpochPkSig().toByteArray())).isTrue();
    assertThat(ASN1Sequence.getInstance(cri.getEpochPkSig().toByteArray()).getObjectAt(0)).isInstanceOf(ASN1Integer.class);
    byte[] otherEpoch = cri.toBuilder().clearEpochPkSig().setEpoch(1).build().toByteArray();
    assertThat(ecdsaVerifies(otherEpoch, cri.getEpochPkSig().toByteArray())).isFalse();
  }

  private static boolean ecdsaVerifies(byte[] message, byte[] der) throws Exception {
    Signature v = Signature.getInstance("SHA256withECDSA");
    v.initVerify(KEY.publicKey());
    v.update(message);
    return v.verify(der);
  }

  @Test
  void theSameSeedGivesTheSameKeyAndInformation() {
    IdemixRevocationKey again = IdemixRevocationKey.generate(DeterministicRandom.fromSeed("rev"));

    assertThat(again.publicKeyPem()).isEqualTo(KEY.publicKeyPem());
    assertThat(again.noRevocationInformation(0, DeterministicRandom.fromSeed("cri")))
        .isEqualTo(KEY.noRevocationInformation(0, DeterministicRandom.fromSeed("cri")));
    assertThat(IdemixRevocationKey.generate(DeterministicRandom.fromSeed("other")).publicKeyPem())
        .isNotEqualTo(KEY.publicKeyPem());
  }

  @Test
  void thePrivateKeyIsNeverShownNorShared() throws Exception {
    java.security.interfaces.ECPrivateKey d = (java.security.interfaces.ECPrivateKey) KeyFactory.getInstance("EC")
        .generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(KEY.privateKeyPkcs8()));
    byte[] pkcs8 = KEY.privateKeyPkcs8();
    pkcs8[pkcs8.length - 1] ^= 1;

    assertThat(KEY.toString()).startsWith("IdemixRevocationKey[P-384")
        .doesNotContain(d.getS().toString(16)).doesNotContain(d.getS().toString());
    assertThat(KEY.privateKeyPkcs8()).isNotEqualTo(pkcs8);
  }

  @Test
  void aNegativeEpochIsRefused() {
    assertThat(assertThrows(IllegalArgumentException.class,
        () -> KEY.noRevocationInformation(-1, DeterministicRandom.fromSeed("cri"))))
        .hasMessageContaining("epoch -1");
  }
}
