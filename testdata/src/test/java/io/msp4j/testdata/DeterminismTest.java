package io.msp4j.testdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.KeyPair;
import org.junit.jupiter.api.Test;

class DeterminismTest {
  private static byte[][] tree(String seed) {
    TestPki pki = TestPki.seeded(seed);
    IssuedCertificate root = pki.certificate().subject("CN=root").ca().build();
    IssuedCertificate leaf = pki.certificate().subject("CN=leaf").issuer(root).build();
    IssuedCrl crl = pki.crl(root).revoke(leaf).build();
    return new byte[][] {root.der(), leaf.der(), crl.der(), PrivateKeys.pkcs8Der(leaf.privateKey().orElseThrow())};
  }

  @Test
  void sameSeedGivesIdenticalBytes() {
    assertThat(tree("a")).isDeepEqualTo(tree("a"));
  }

  @Test
  void differentSeedGivesDifferentBytes() {
    byte[][] a = tree("a");
    byte[][] b = tree("b");
    for (int i = 0; i < a.length; i++) {
      assertThat(a[i]).isNotEqualTo(b[i]);
    }
  }

  @Test
  void forkDependsOnlyOnSeedAndLabel() {
    DeterministicRandom one = DeterministicRandom.fromSeed("s");
    DeterministicRandom two = DeterministicRandom.fromSeed("s");
    one.nextBytes(new byte[100]);
    byte[] x = new byte[64];
    byte[] y = new byte[64];
    one.fork("k").nextBytes(x);
    two.fork("k").nextBytes(y);
    assertThat(x).isEqualTo(y);
    two.fork("other").nextBytes(y);
    assertThat(x).isNotEqualTo(y);
  }

  @Test
  void outputDoesNotDependOnRequestSizes() {
    DeterministicRandom one = DeterministicRandom.fromSeed(7);
    DeterministicRandom two = DeterministicRandom.fromSeed(7);
    byte[] whole = new byte[100];
    one.nextBytes(whole);
    byte[] parts = new byte[100];
    byte[] a = new byte[33];
    byte[] b = new byte[67];
    two.nextBytes(a);
    two.nextBytes(b);
    System.arraycopy(a, 0, parts, 0, 33);
    System.arraycopy(b, 0, parts, 33, 67);
    assertThat(parts).isEqualTo(whole);
  }

  @Test
  void everySignatureAlgorithmIsReproducible() {
    KeyPair ec = KeyPairs.generate(KeyAlgorithm.EC_P384, DeterministicRandom.fromSeed("ec"));
    KeyPair rsa = KeyPairs.generate(KeyAlgorithm.RSA_2048, DeterministicRandom.fromSeed("rsa"));
    KeyPair ed = KeyPairs.generate(KeyAlgorithm.ED25519, DeterministicRandom.fromSeed("ed"));
    KeyPair dsa = KeyPairs.generate(KeyAlgorithm.DSA_2048, DeterministicRandom.fromSeed("dsa"));
    for (SignatureAlgorithm alg : SignatureAlgorithm.values()) {
      KeyPair kp = alg.isEcdsa() ? ec : alg.keyFamily().equals("RSA") ? rsa : alg == SignatureAlgorithm.ED25519 ? ed : dsa;
      byte[] first = TestPki.seeded("sig").certificate().subject("CN=x").keyPair(kp).signatureAlgorithm(alg).build().der();
      byte[] again = TestPki.seeded("sig").certificate().subject("CN=x").keyPair(kp).signatureAlgorithm(alg).build().der();
      byte[] other = TestPki.seeded("gis").certificate().subject("CN=x").keyPair(kp).signatureAlgorithm(alg).build().der();
      assertThat(again).as(alg.name()).isEqualTo(first);
      assertThat(other).as(alg.name()).isNotEqualTo(first);
    }
  }
}
