package io.msp4j.x509.internal.cert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.util.BigIntegers;
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

  /**
   * The point check gives Bouncy Castle's {@code decodePoint} verdict (the reference) on valid
   * points, points off the curve, coordinates at or above the field prime, and random bytes, on
   * every NIST curve; a refused point fails the parse with Go's message.
   */
  @Test
  void pointCheckGivesTheVerdictOfBouncyCastlesDecoding() {
    Random random = new Random(3);
    int accepted = 0;
    int refused = 0;
    for (String name : NistCurves.NAMES) {
      ECCurve curve = NistCurves.domain(name).getCurve();
      int size = (curve.getFieldSize() + 7) / 8;
      BigInteger p = curve.getField().getCharacteristic();
      List<byte[]> inputs = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        BigInteger k = new BigInteger(64, random).add(BigInteger.ONE);
        ECPoint q = NistCurves.domain(name).getG().multiply(k).normalize();
        BigInteger x = q.getAffineXCoord().toBigInteger();
        BigInteger y = q.getAffineYCoord().toBigInteger();
        inputs.add(uncompressed(x, y, size));
        inputs.add(uncompressed(x, y.add(BigInteger.ONE).mod(p), size));
        inputs.add(uncompressed(x, p.subtract(y), size)); // the negation: on the curve
        inputs.add(uncompressed(p, y, size));
        BigInteger largest = BigInteger.ONE.shiftLeft(size * 8).subtract(BigInteger.ONE);
        inputs.add(uncompressed(x, p.add(BigInteger.valueOf(i)).min(largest), size)); // y >= p
        byte[] noise = new byte[1 + 2 * size];
        random.nextBytes(noise);
        noise[0] = 4;
        inputs.add(noise);
      }
      inputs.add(uncompressed(BigInteger.ZERO, BigInteger.ZERO, size));
      for (byte[] encoded : inputs) {
        ECPoint ours = CertPublicKey.affinePoint(curve, encoded, size);
        ECPoint reference;
        try {
          reference = curve.decodePoint(encoded);
        } catch (IllegalArgumentException e) {
          reference = null;
        }
        assertThat(ours).as("%s %s", name, HexFormat.of().formatHex(encoded)).isEqualTo(reference);
        if (ours == null) {
          refused++;
          assertThatThrownBy(() -> CertPublicKey.ecdsa(oidOf(name), encoded, new byte[0]))
              .isInstanceOf(CertificateParseException.class)
              .hasMessage("x509: failed to unmarshal elliptic curve point");
        } else {
          accepted++;
          ECPublicKeyParameters params = (ECPublicKeyParameters)
              CertPublicKey.ecdsa(oidOf(name), encoded, new byte[0]).parameters().orElseThrow();
          assertThat(params.getQ()).isEqualTo(reference);
        }
      }
    }
    assertThat(accepted).isEqualTo(4 * 80);
    assertThat(refused).isGreaterThan(4 * 160);
  }

  private static String oidOf(String nistName) {
    return switch (nistName) {
      case "P-224" -> "1.3.132.0.33";
      case "P-256" -> "1.2.840.10045.3.1.7";
      case "P-384" -> "1.3.132.0.34";
      default -> "1.3.132.0.35";
    };
  }

  private static byte[] uncompressed(BigInteger x, BigInteger y, int size) {
    byte[] out = new byte[1 + 2 * size];
    out[0] = 4;
    BigIntegers.asUnsignedByteArray(x, out, 1, size);
    BigIntegers.asUnsignedByteArray(y, out, 1 + size, size);
    return out;
  }
}
