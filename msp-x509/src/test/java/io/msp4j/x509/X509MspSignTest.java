package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Arrays;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Signing identities of local MSPs (CORE-04, SIGN-01, SETUP-SIGNER-05) and the key store entries
 * that cannot sign (FOLDER-10).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class X509MspSignTest {
  private static final byte[] MSG = "proposal".getBytes(StandardCharsets.UTF_8);
  private static final KeyPair RSA_KEYS = TestPki.seeded("sign-rsa").keyPair(KeyAlgorithm.RSA_2048);

  private final Org org = new Org("sign");
  private final IssuedCertificate admin = org.leaf("CN=admin");

  /** A local MSP whose signing key is in {@code key_material} (ECDSA only). */
  private X509Msp localWithKeyMaterial(IssuedCertificate signer, MspVersion v) {
    return X509Msps.setup(MspConfigs.of(org.root).admin(admin).signer(signer, signer.pkcs8Pem()).build(), v);
  }

  /** A local MSP whose key store answers with {@code entry} for any SKI. */
  private X509Msp localWithStore(IssuedCertificate signer, KeyStoreEntry entry, MspVersion v) {
    MSPConfig conf = MspConfigs.of(org.root).admin(admin).signer(signer, null).build();
    return X509Msps.setup(conf, v, SetupOptions.defaults().withKeyStore(ski -> Optional.of(entry)));
  }

  private static BigInteger[] decode(byte[] der) throws Exception {
    ASN1Sequence seq = (ASN1Sequence) ASN1Primitive.fromByteArray(der);
    assertThat(seq.size()).isEqualTo(2);
    assertThat(seq.getEncoded(ASN1Encoding.DER)).isEqualTo(der);
    return new BigInteger[] {
        ((ASN1Integer) seq.getObjectAt(0)).getValue(), ((ASN1Integer) seq.getObjectAt(1)).getValue()};
  }

  @ParameterizedTest
  @EnumSource(value = KeyAlgorithm.class, names = {"EC_P224", "EC_P256", "EC_P384", "EC_P521"})
  @Tag("SIGN-01")
  @Tag("ALG-02")
  void ecdsaSignaturesAreMinimalDerLowSOverSha256(KeyAlgorithm alg) throws Exception {
    IssuedCertificate signer = org.custom().subject("CN=signer").leaf().keyAlgorithm(alg).build();
    SigningIdentity si = localWithKeyMaterial(signer, MspVersion.V1_4_3).defaultSigningIdentity();
    BigInteger half = MessageSigs.order(alg.curveName()).shiftRight(1);
    for (int i = 0; i < 16; i++) {
      byte[] msg = ("message " + i).getBytes(StandardCharsets.UTF_8);
      byte[] sig = si.sign(msg);
      BigInteger[] rs = decode(sig);
      assertThat(rs[1]).isLessThanOrEqualTo(half);
      assertThat(MessageSigs.ecdsaVerifies(signer.publicKey(), MessageSigs.sha256(msg), rs[0], rs[1])).isTrue();
      si.verify(msg, sig);
    }
  }

  @Test
  @Tag("SIGN-01")
  @Tag("SETUP-CRYPTO-03")
  void sha3FamilySignsTheSha3Digest() throws Exception {
    IssuedCertificate signer = org.custom().subject("CN=signer").leaf().build();
    MspConfigs c = MspConfigs.of(org.root).admin(admin).signer(signer, signer.pkcs8Pem());
    MSPConfig conf = MSPConfig.newBuilder().setConfig(c.fabricConfig().toBuilder()
        .setCryptoConfig(c.fabricConfig().getCryptoConfig().toBuilder().setSignatureHashFamily("SHA3")).build()
        .toByteString()).build();
    SigningIdentity si = X509Msps.setup(conf, MspVersion.V3_0).defaultSigningIdentity();
    BigInteger[] rs = decode(si.sign(MSG));
    assertThat(MessageSigs.ecdsaVerifies(signer.publicKey(), MessageSigs.sha3(MSG), rs[0], rs[1])).isTrue();
    assertThat(MessageSigs.ecdsaVerifies(signer.publicKey(), MessageSigs.sha256(MSG), rs[0], rs[1])).isFalse();
  }

  @Test
  @Tag("SIGN-01")
  @Tag("SETUP-CRYPTO-03")
  void unknownHashFamilyMakesEcdsaSigningFail() {
    IssuedCertificate signer = org.custom().subject("CN=signer").leaf().build();
    MspConfigs c = MspConfigs.of(org.root).admin(admin).signer(signer, signer.pkcs8Pem());
    MSPConfig conf = MSPConfig.newBuilder().setConfig(c.fabricConfig().toBuilder()
        .setCryptoConfig(c.fabricConfig().getCryptoConfig().toBuilder().setSignatureHashFamily("SHA256")).build()
        .toByteString()).build();
    SigningIdentity si = X509Msps.setup(conf, MspVersion.V3_0).defaultSigningIdentity();
    IdentityException e = assertThrows(IdentityException.class, () -> si.sign(MSG));
    assertThat(e.reason()).isEqualTo(Reason.HASH_FAMILY_UNSUPPORTED);
    assertThat(e.rule()).isEqualTo("SIGN-01");
  }

  @ParameterizedTest
  @EnumSource(MspVersion.class)
  @Tag("SIGN-01")
  @Tag("ALG-03")
  void ed25519KeyFromTheKeyStoreSignsTheRawMessage(MspVersion v) {
    IssuedCertificate signer = org.custom().subject("CN=signer").leaf().keyAlgorithm(KeyAlgorithm.ED25519).build();
    PrivateKey key = signer.privateKey().orElseThrow();
    SigningIdentity si = localWithStore(signer, new KeyStoreEntry.Private(key, "keystore/priv_sk"), v).defaultSigningIdentity();
    byte[] sig = si.sign(MSG);
    assertThat(sig).hasSize(64);
    assertThat(MessageSigs.ed25519Verifies(signer.publicKey(), MSG, sig)).isTrue();
    assertThat(sig).isEqualTo(MessageSigs.ed25519(key, MSG)); // Ed25519 is deterministic
    si.publicVersion().verify(MSG, sig);
  }

  @Test
  @Tag("SIGN-01")
  @Tag("VERIFY-02")
  void ed25519CannotSignAnEmptyMessage() {
    IssuedCertificate signer = org.custom().subject("CN=signer").leaf().keyAlgorithm(KeyAlgorithm.ED25519).build();
    SigningIdentity si = localWithStore(
        signer, new KeyStoreEntry.Private(signer.privateKey().orElseThrow(), "k"), MspVersion.V3_0).defaultSigningIdentity();
    IdentityException e = assertThrows(IdentityException.class, () -> si.sign(new byte[0]));
    assertThat(e.reason()).isEqualTo(Reason.SIGNING_FAILED);
    assertThat(e.rule()).isEqualTo("SIGN-01");
  }

  @Test
  @Tag("SIGN-01")
  @Tag("VERIFY-02")
  void ecdsaSignsAnEmptyMessage() {
    IssuedCertificate signer = org.custom().subject("CN=signer").leaf().build();
    SigningIdentity si = localWithKeyMaterial(signer, MspVersion.V3_0).defaultSigningIdentity();
    si.verify(new byte[0], si.sign(new byte[0]));
  }

  @Test
  @Tag("SIGN-01")
  @Tag("ALG-04")
  void rsaSigningIdentityIsSetUpButCannotSign() {
    IssuedCertificate signer = org.custom().subject("CN=rsa signer").leaf().keyPair(RSA_KEYS).build();
    X509Msp msp = localWithStore(signer, new KeyStoreEntry.Private(RSA_KEYS.getPrivate(), "keystore/rsa_sk"), MspVersion.V3_0);
    SigningIdentity si = msp.defaultSigningIdentity();
    IdentityException e = assertThrows(IdentityException.class, () -> si.sign(MSG));
    assertThat(e.reason()).isEqualTo(Reason.SIGNING_FAILED);
    assertThat(e.rule()).isEqualTo("SIGN-01");
    assertThat(e.getMessage()).contains("RSA", "CN=rsa signer");
  }

  @Test
  @Tag("FOLDER-10")
  @Tag("SIGN-01")
  void publicKeyInTheKeyStoreGivesASigningIdentityThatCannotSign() {
    IssuedCertificate signer = org.custom().subject("CN=signer").leaf().build();
    PublicKey pub = signer.publicKey();
    X509Msp msp = localWithStore(signer, new KeyStoreEntry.Public(pub, "keystore/abc_pk"), MspVersion.V3_0);
    SigningIdentity si = msp.defaultSigningIdentity();
    IdentityException e = assertThrows(IdentityException.class, () -> si.sign(MSG));
    assertThat(e.reason()).isEqualTo(Reason.SIGNING_FAILED);
    assertThat(e.rule()).isEqualTo("FOLDER-10");
    assertThat(e.getMessage()).contains("public key");
    // It still verifies what its real key signed.
    byte[] sig = MessageSigs.der(MessageSigs.lowS(
        MessageSigs.ecdsa(signer.privateKey().orElseThrow(), MessageSigs.sha256(MSG)), MessageSigs.order("secp256r1")));
    si.verify(MSG, sig);
  }

  @Test
  @Tag("SETUP-SIGNER-05")
  void channelMspHasNoSigningIdentity() {
    X509Msp msp = X509Msps.setup(MspConfigs.of(org.root).admin(admin).build(), MspVersion.V3_0);
    MspException e = assertThrows(MspException.class, msp::defaultSigningIdentity);
    assertThat(e.reason()).isEqualTo(Reason.NO_SIGNING_IDENTITY);
    assertThat(e.rule()).isEqualTo("SETUP-SIGNER-05");
    assertThat(e.getMessage()).contains(MspConfigs.MSP_ID);
  }

  @Test
  @Tag("CORE-04")
  void signingIdentityIsOneObjectWhosePublicVersionIsThePlainIdentity() {
    IssuedCertificate signer = org.leaf("CN=signer,OU=client");
    X509Msp msp = localWithKeyMaterial(signer, MspVersion.V1_4_3);
    SigningIdentity si = msp.defaultSigningIdentity();
    assertThat(msp.defaultSigningIdentity()).isSameAs(si);
    Identity pub = si.publicVersion();
    assertThat(pub).isNotInstanceOf(SigningIdentity.class);
    assertThat(pub.identifier()).isEqualTo(si.identifier());
    assertThat(pub.serialize()).isEqualTo(si.serialize());
    assertThat(si.mspId()).isEqualTo(MspConfigs.MSP_ID);
    assertThat(si.certificate().subject()).isEqualTo("OU=client,CN=signer");
    assertThat(si.expiresAt()).isEqualTo(pub.expiresAt());
    assertThat(si.organizationalUnits()).isEqualTo(pub.organizationalUnits()).hasSize(1);
    assertThat(si.anonymous()).isFalse();
    Identity deserialised = msp.deserialize(si.serialize());
    assertThat(deserialised.identifier()).isEqualTo(si.identifier());
    deserialised.verify(MSG, si.sign(MSG));
  }

  @Test
  @Tag("CORE-04")
  @Tag("VALIDATE-03")
  void mspValidatesThePublicVersionButNotTheSigningObjectItself() {
    IssuedCertificate signer = org.leaf("CN=signer");
    X509Msp msp = localWithKeyMaterial(signer, MspVersion.V3_0);
    SigningIdentity si = msp.defaultSigningIdentity();
    msp.validate(si.publicVersion());
    si.validate(); // its own validate works on the plain identity, as Fabric's promoted method does
    IdentityException e = assertThrows(IdentityException.class, () -> msp.validate(si));
    assertThat(e.reason()).isEqualTo(Reason.NOT_AN_X509_IDENTITY);
  }

  @Test
  @Tag("SIGN-01")
  void signatureOfAnotherMessageDoesNotVerify() {
    IssuedCertificate signer = org.leaf("CN=signer");
    SigningIdentity si = localWithKeyMaterial(signer, MspVersion.V3_0).defaultSigningIdentity();
    byte[] sig = si.sign(MSG);
    byte[] other = Arrays.copyOf(MSG, MSG.length + 1);
    IdentityException e = assertThrows(IdentityException.class, () -> si.verify(other, sig));
    assertThat(e.reason()).isEqualTo(Reason.SIGNATURE_INVALID);
  }
}
