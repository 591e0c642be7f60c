package io.msp4j.x509.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.bouncycastle.asn1.x9.ECNamedCurveTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The Bouncy Castle primitives behind message signatures. */
class BouncyCastleCryptoProviderTest {
  private static final byte[] ABC = "abc".getBytes(StandardCharsets.US_ASCII);
  private final CryptoProvider crypto = new BouncyCastleCryptoProvider();
  private final TestPki pki = TestPki.seeded("crypto-provider");

  private static CertPublicKey key(IssuedCertificate c) {
    return ParsedCertificate.parse(c.der()).publicKey();
  }

  @Test
  @Tag("VERIFY-01")
  void hashesMatchPublishedTestVectors() {
    assertThat(HexFormat.of().formatHex(crypto.hash(SignatureDigest.SHA2_256, ABC)))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assertThat(HexFormat.of().formatHex(crypto.hash(SignatureDigest.SHA3_256, ABC)))
        .isEqualTo("3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  }

  @Test
  @Tag("SETUP-CRYPTO-03")
  void hashFamiliesAreExactlySha2AndSha3() {
    assertThat(SignatureDigest.forFamily("SHA2")).contains(SignatureDigest.SHA2_256);
    assertThat(SignatureDigest.forFamily("SHA3")).contains(SignatureDigest.SHA3_256);
    assertThat(SignatureDigest.forFamily("sha2")).isEmpty();
    assertThat(SignatureDigest.forFamily("SHA256")).isEmpty();
    assertThat(SignatureDigest.forFamily("")).isEmpty();
  }

  @Test
  @Tag("VERIFY-03")
  @Tag("SIGN-01")
  void ecdsaSignAndVerifyWithReusedHandles() {
    IssuedCertificate c = pki.certificate().subject("CN=ec").build();
    PublicKeyHandle pub = crypto.publicKey(key(c));
    PrivateKeyHandle priv = crypto.privateKey(c.privateKey().orElseThrow());
    assertThat(pub.type()).isEqualTo(KeyType.ECDSA);
    assertThat(priv.ecdsaOrder()).isEqualTo(ECNamedCurveTable.getByName("secp256r1").getN());
    byte[] digest = crypto.hash(SignatureDigest.SHA2_256, ABC);
    for (int i = 0; i < 3; i++) {
      RawSignature.Ecdsa sig = (RawSignature.Ecdsa) crypto.sign(priv, digest);
      assertThat(crypto.verify(pub, digest, sig)).isTrue();
      BigInteger n = priv.ecdsaOrder();
      assertThat(crypto.verify(pub, digest, new RawSignature.Ecdsa(sig.r(), n.subtract(sig.s())))).isTrue();
      assertThat(crypto.verify(pub, digest, new RawSignature.Ecdsa(sig.r().add(n), sig.s()))).isFalse();
      assertThat(crypto.verify(pub, digest, new RawSignature.Ecdsa(sig.r(), sig.s().add(n)))).isFalse();
      assertThat(crypto.verify(pub, digest, new RawSignature.Ecdsa(BigInteger.ZERO, sig.s()))).isFalse();
      assertThat(crypto.verify(pub, digest, new RawSignature.Ed25519(new byte[64]))).isFalse();
    }
  }

  @Test
  @Tag("VERIFY-04")
  void ed25519SignAndVerify() {
    IssuedCertificate c = pki.certificate().subject("CN=ed").keyAlgorithm(KeyAlgorithm.ED25519).build();
    PublicKeyHandle pub = crypto.publicKey(key(c));
    PrivateKeyHandle priv = crypto.privateKey(c.privateKey().orElseThrow());
    assertThat(priv.ecdsaOrder()).isNull();
    RawSignature.Ed25519 sig = (RawSignature.Ed25519) crypto.sign(priv, ABC);
    assertThat(sig.bytes()).hasSize(64);
    assertThat(crypto.verify(pub, ABC, sig)).isTrue();
    assertThat(crypto.verify(pub, "abd".getBytes(StandardCharsets.US_ASCII), sig)).isFalse();
    assertThat(crypto.verify(pub, ABC, new RawSignature.Ed25519(new byte[63]))).isFalse();
    assertThat(crypto.verify(pub, ABC, new RawSignature.Ecdsa(BigInteger.ONE, BigInteger.ONE))).isFalse();
  }

  @Test
  @Tag("VERIFY-05")
  @Tag("SIGN-01")
  void rsaKeysAreNotPrepared() {
    IssuedCertificate c = pki.certificate().subject("CN=rsa").keyAlgorithm(KeyAlgorithm.RSA_2048).build();
    UnsupportedKeyException pub = assertThrows(UnsupportedKeyException.class, () -> crypto.publicKey(key(c)));
    assertThat(pub.getMessage()).contains("RSA");
    UnsupportedKeyException priv =
        assertThrows(UnsupportedKeyException.class, () -> crypto.privateKey(c.privateKey().orElseThrow()));
    assertThat(priv.getMessage()).contains("RSA");
  }

  @Test
  void handlesOfAnotherProviderAreRefused() {
    PublicKeyHandle foreign = () -> KeyType.ECDSA;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> crypto.verify(foreign, ABC, new RawSignature.Ecdsa(BigInteger.ONE, BigInteger.ONE)));
    assertThat(e.getMessage()).contains("not made by this provider");
  }
}
