package io.msp4j.testdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PemTest {
  @Test
  void linesAreSixtyFourCharactersWithUnixLineEnds() {
    String pem = Pem.encode("ANYTHING", new byte[100]);
    String[] lines = pem.split("\n", -1);
    assertThat(lines[0]).isEqualTo("-----BEGIN ANYTHING-----");
    assertThat(lines[1]).hasSize(64);
    assertThat(lines[2]).hasSize(64);
    assertThat(lines[3]).hasSize(136 - 128);
    assertThat(lines[4]).isEqualTo("-----END ANYTHING-----");
    assertThat(lines[5]).isEmpty();
    assertThat(pem).doesNotContain("\r");
  }

  @Test
  void headersConcatenationAndJunk() {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("Proc-Type", "4,ENCRYPTED");
    String block = Pem.encode(Pem.EC_PRIVATE_KEY, h, new byte[] {1});
    assertThat(block).isEqualTo("-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\nAQ==\n-----END EC PRIVATE KEY-----\n");
    String two = Pem.concat(Pem.certificate(new byte[] {1}), Pem.crl(new byte[] {2}));
    assertThat(two).contains("-----END CERTIFICATE-----\n-----BEGIN X509 CRL-----\n");
    assertThat(Pem.withJunk("hello\n", two, "\n\n")).startsWith("hello\n-----BEGIN").endsWith("-----\n\n\n");
  }

  @Test
  void privateKeyEncodingsHaveTheirLabelsAndParse() throws Exception {
    TestPki pki = TestPki.seeded("pem");
    var ec = pki.keyPair(KeyAlgorithm.EC_P384).getPrivate();
    var rsa = pki.keyPair(KeyAlgorithm.RSA_2048).getPrivate();
    assertThat(PrivateKeys.sec1Pem(ec)).startsWith("-----BEGIN EC PRIVATE KEY-----\n");
    assertThat(PrivateKeys.pkcs1Pem(rsa)).startsWith("-----BEGIN RSA PRIVATE KEY-----\n");
    var sec1 = org.bouncycastle.asn1.sec.ECPrivateKey.getInstance(PrivateKeys.sec1Der(ec));
    assertThat(sec1.getParametersObject()).isNotNull();
    assertThat(sec1.getKey()).isEqualTo(((java.security.interfaces.ECPrivateKey) ec).getS());
    var pkcs1 = org.bouncycastle.asn1.pkcs.RSAPrivateKey.getInstance(PrivateKeys.pkcs1Der(rsa));
    assertThat(pkcs1.getModulus()).isEqualTo(((java.security.interfaces.RSAPrivateKey) rsa).getModulus());
  }
}
