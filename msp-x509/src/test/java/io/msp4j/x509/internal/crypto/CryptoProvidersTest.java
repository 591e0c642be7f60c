package io.msp4j.x509.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.CryptoBackend;
import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.EcdsaSignatureDer;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Provider choice, and the primitives of both providers agree. */
class CryptoProvidersTest {
  private static final TestPki PKI = TestPki.seeded("crypto-providers");

  @Test
  void autoUsesConscryptWhereItsNativeLibraryLoads() {
    assumeTrue(Providers.nativeExpected(), "Conscrypt ships no native library for this platform");
    assertThat(CryptoProviders.forBackend(CryptoBackend.AUTO).name()).isEqualTo("conscrypt");
    assertThat(CryptoProviders.nativeProvider()).isPresent();
  }

  @Test
  void bouncyCastleBackendIsPureJava() {
    assertThat(CryptoProviders.forBackend(CryptoBackend.BOUNCY_CASTLE).name()).isEqualTo("bouncycastle");
  }

  @Test
  void conscryptIsNeverRegisteredGlobally() {
    CryptoProviders.forBackend(CryptoBackend.AUTO);
    assertThat(java.security.Security.getProviders())
        .noneMatch(p -> p.getName().toLowerCase(java.util.Locale.ROOT).contains("conscrypt"));
  }

  @Test
  void digestsEqualTheJdksOnEveryProvider() throws Exception {
    byte[] data = "the quick brown fox".repeat(50).getBytes(StandardCharsets.US_ASCII);
    for (CryptoProvider p : Providers.all()) {
      assertThat(p.hash(SignatureDigest.SHA2_256, data))
          .isEqualTo(MessageDigest.getInstance("SHA-256").digest(data));
      assertThat(p.hash(SignatureDigest.SHA2_384, data))
          .isEqualTo(MessageDigest.getInstance("SHA-384").digest(data));
      assertThat(p.hash(SignatureDigest.SHA2_512, data))
          .isEqualTo(MessageDigest.getInstance("SHA-512").digest(data));
      assertThat(p.hash(SignatureDigest.SHA3_256, data))
          .isEqualTo(MessageDigest.getInstance("SHA3-256").digest(data));
    }
  }

  @Test
  void hashFamiliesSelectOnlyTheMessageDigests() {
    assertThat(SignatureDigest.forFamily("SHA2")).contains(SignatureDigest.SHA2_256);
    assertThat(SignatureDigest.forFamily("SHA3")).contains(SignatureDigest.SHA3_256);
    assertThat(SignatureDigest.forFamily("SHA384")).isEmpty();
    assertThat(SignatureDigest.forJcaName("SHA-1")).isEmpty();
  }

  /** Raw verification: each provider accepts the other's signatures, high S included. */
  @Test
  @Tag("VERIFY-03")
  void signaturesVerifyAcrossProvidersWithTheSameVerdicts() {
    List<CryptoProvider> providers = Providers.all();
    for (KeyAlgorithm alg : List.of(KeyAlgorithm.EC_P256, KeyAlgorithm.EC_P384, KeyAlgorithm.EC_P224,
        KeyAlgorithm.EC_P521)) {
      IssuedCertificate c = PKI.certificate().subject("CN=signer " + alg).keyAlgorithm(alg).leaf().build();
      CertPublicKey key = ParsedCertificate.parse(c.der()).publicKey();
      IssuedCertificate other = PKI.certificate().subject("CN=other " + alg).keyAlgorithm(alg).leaf().build();
      CertPublicKey otherKey = ParsedCertificate.parse(other.der()).publicKey();
      BigInteger n = EcdsaSignatureDer.curveOrder(key.curveName().orElseThrow());
      byte[] digest = new BouncyCastleCryptoProvider().hash(SignatureDigest.SHA2_256, new byte[] {1, 2, 3});
      for (CryptoProvider signer : providers) {
        RawSignature.Ecdsa sig = (RawSignature.Ecdsa) signer.sign(signer.privateKey(c.privateKey().orElseThrow()), digest);
        RawSignature.Ecdsa flipped = new RawSignature.Ecdsa(sig.r(), n.subtract(sig.s()));
        for (CryptoProvider verifier : providers) {
          PublicKeyHandle h = verifier.publicKey(key);
          String what = alg + " signed by " + signer.name() + ", verified by " + verifier.name();
          assertThat(verifier.verify(h, digest, sig)).as(what).isTrue();
          assertThat(verifier.verify(h, digest, flipped)).as(what + " (other S)").isTrue();
          assertThat(verifier.verify(verifier.publicKey(otherKey), digest, sig)).as(what + " (other key)").isFalse();
          assertThat(verifier.verify(h, digest, new RawSignature.Ecdsa(sig.r(), sig.s().add(BigInteger.ONE))))
              .as(what + " (s + 1)").isFalse();
          assertThat(verifier.verify(h, digest, new RawSignature.Ecdsa(BigInteger.ZERO, sig.s()))).isFalse();
          assertThat(verifier.verify(h, digest, new RawSignature.Ecdsa(sig.r(), n))).isFalse();
          assertThat(verifier.verify(h, digest, new RawSignature.Ecdsa(sig.r().add(n), sig.s()))).isFalse();
          assertThat(verifier.verify(h, digest, new RawSignature.Ed25519(new byte[64]))).isFalse();
        }
      }
    }
  }

  @Test
  @Tag("VERIFY-04")
  void ed25519VerifiesOnEveryProvider() {
    IssuedCertificate c = PKI.certificate().subject("CN=ed").keyAlgorithm(KeyAlgorithm.ED25519).leaf().build();
    CertPublicKey key = ParsedCertificate.parse(c.der()).publicKey();
    byte[] message = "message".getBytes(StandardCharsets.US_ASCII);
    BouncyCastleCryptoProvider bc = new BouncyCastleCryptoProvider();
    RawSignature.Ed25519 sig = (RawSignature.Ed25519) bc.sign(bc.privateKey(c.privateKey().orElseThrow()), message);
    byte[] bad = sig.bytes();
    bad[0] ^= 1;
    for (CryptoProvider p : Providers.all()) {
      PublicKeyHandle h = p.publicKey(key);
      assertThat(p.verify(h, message, sig)).as(p.name()).isTrue();
      assertThat(p.verify(h, message, new RawSignature.Ed25519(bad))).as(p.name()).isFalse();
      assertThat(p.verify(h, message, new RawSignature.Ecdsa(BigInteger.ONE, BigInteger.ONE))).isFalse();
    }
  }

  /** Key handles change how they verify after some uses (Bouncy Castle builds a comb): not what. */
  @Test
  @Tag("VERIFY-03")
  void verdictsStayTheSameWhileAKeyHandleIsReused() {
    IssuedCertificate c = PKI.certificate().subject("CN=busy").keyAlgorithm(KeyAlgorithm.EC_P256).leaf().build();
    CertPublicKey key = ParsedCertificate.parse(c.der()).publicKey();
    BigInteger n = EcdsaSignatureDer.curveOrder("P-256");
    BouncyCastleCryptoProvider bc = new BouncyCastleCryptoProvider();
    PrivateKeyHandle priv = bc.privateKey(c.privateKey().orElseThrow());
    for (CryptoProvider p : Providers.all()) {
      PublicKeyHandle h = p.publicKey(key);
      for (int i = 0; i < 40; i++) {
        byte[] digest = bc.hash(SignatureDigest.SHA2_256, new byte[] {(byte) i});
        RawSignature.Ecdsa sig = (RawSignature.Ecdsa) bc.sign(priv, digest);
        assertThat(p.verify(h, digest, sig)).as("%s use %d", p.name(), i).isTrue();
        assertThat(p.verify(h, digest, new RawSignature.Ecdsa(sig.r(), n.subtract(sig.s())))).isTrue();
        assertThat(p.verify(h, digest, new RawSignature.Ecdsa(sig.r(), sig.s().add(BigInteger.ONE)))).isFalse();
        assertThat(p.verify(h, digest, new RawSignature.Ecdsa(sig.r().add(n), sig.s()))).isFalse();
        byte[] other = digest.clone();
        other[0] ^= 1;
        assertThat(p.verify(h, other, sig)).isFalse();
      }
    }
  }
}
