package io.msp4j.x509.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.SignatureAlgorithm;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.CertPublicKey;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.chain.BouncyCastleSignatureCrypto;
import io.msp4j.x509.internal.chain.EcdsaSignatureDer;
import io.msp4j.x509.internal.chain.SignatureCrypto;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Certificate signature checks through a {@link CryptoProvider} give the verdicts of the plain
 * {@link BouncyCastleSignatureCrypto}, on Bouncy Castle and on Conscrypt.
 */
@Tag("CHAIN-04")
@Tag("ALG-05")
class ProviderSignatureCryptoTest {
  private static final TestPki PKI = TestPki.seeded("provider-signature-crypto");
  private static final SignatureCrypto PLAIN = new BouncyCastleSignatureCrypto();

  /** A certificate and the key of its issuer. */
  record Signed(String name, ParsedCertificate cert, CertPublicKey issuerKey, CertPublicKey otherKey,
      BigInteger order) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Signed signed(String name, KeyAlgorithm caKey, SignatureAlgorithm alg) {
    IssuedCertificate ca = PKI.certificate().subject("CN=" + name + " CA").keyAlgorithm(caKey).ca()
        .build();
    IssuedCertificate other = PKI.certificate().subject("CN=" + name + " CA").keyAlgorithm(caKey)
        .ca().build();
    IssuedCertificate leaf = PKI.certificate().subject("CN=" + name + " leaf").issuer(ca)
        .signatureAlgorithm(alg).leaf().build();
    CertPublicKey key = ParsedCertificate.parse(ca.der()).publicKey();
    BigInteger n = key.curveName().map(EcdsaSignatureDer::curveOrder).orElse(null);
    return new Signed(name, ParsedCertificate.parse(leaf.der()), key,
        ParsedCertificate.parse(other.der()).publicKey(), n);
  }

  private static final List<Signed> ECDSA = List.of(
      signed("P-256 SHA-256", KeyAlgorithm.EC_P256, SignatureAlgorithm.ECDSA_SHA256),
      signed("P-256 SHA-384", KeyAlgorithm.EC_P256, SignatureAlgorithm.ECDSA_SHA384),
      signed("P-256 SHA-512", KeyAlgorithm.EC_P256, SignatureAlgorithm.ECDSA_SHA512),
      signed("P-384 SHA-384", KeyAlgorithm.EC_P384, SignatureAlgorithm.ECDSA_SHA384),
      signed("P-384 SHA-256", KeyAlgorithm.EC_P384, SignatureAlgorithm.ECDSA_SHA256),
      signed("P-224 SHA-256", KeyAlgorithm.EC_P224, SignatureAlgorithm.ECDSA_SHA256),
      signed("P-521 SHA-512", KeyAlgorithm.EC_P521, SignatureAlgorithm.ECDSA_SHA512));

  private static final List<Signed> OTHERS = List.of(
      signed("Ed25519", KeyAlgorithm.ED25519, SignatureAlgorithm.ED25519),
      signed("RSA PKCS#1", KeyAlgorithm.RSA_2048, SignatureAlgorithm.RSA_SHA256),
      signed("RSA PSS", KeyAlgorithm.RSA_2048, SignatureAlgorithm.RSA_PSS_SHA256));

  static Stream<Arguments> ecdsaCases() {
    List<Arguments> out = new ArrayList<>();
    for (CryptoProvider p : Providers.all()) {
      for (Signed s : ECDSA) {
        out.add(Arguments.of(p.name(), p, s));
      }
    }
    return out.stream();
  }

  static Stream<Arguments> otherCases() {
    List<Arguments> out = new ArrayList<>();
    for (CryptoProvider p : Providers.all()) {
      for (Signed s : OTHERS) {
        out.add(Arguments.of(p.name(), p, s));
      }
    }
    return out.stream();
  }

  /** Named variants of a certificate's ECDSA signature value, with Go's verdict on each. */
  private static Map<String, Object[]> ecdsaVariants(Signed s) {
    byte[] sig = s.cert().signature();
    EcdsaSignatureDer.RS rs = EcdsaSignatureDer.decode(sig);
    BigInteger r = rs.r();
    BigInteger n = s.order();
    BigInteger low = rs.s().compareTo(n.shiftRight(1)) > 0 ? n.subtract(rs.s()) : rs.s();
    Map<String, Object[]> v = new LinkedHashMap<>();
    v.put("as signed", new Object[] {sig, true});
    v.put("low S", new Object[] {der(r, low), true});
    v.put("high S", new Object[] {der(r, n.subtract(low)), true});
    v.put("s + n", new Object[] {der(r, low.add(n)), false});
    v.put("r + n", new Object[] {der(r.add(n), low), false});
    v.put("r = 0", new Object[] {der(BigInteger.ZERO, low), false});
    v.put("s = 0", new Object[] {der(r, BigInteger.ZERO), false});
    v.put("r = n", new Object[] {der(n, low), false});
    v.put("negative r", new Object[] {der(r.negate(), low), false});
    v.put("negative s", new Object[] {der(r, low.negate()), false});
    v.put("r - n (negative, same residue)", new Object[] {der(r.subtract(n), low), false});
    v.put("corrupted", new Object[] {flipLastBit(sig), false});
    v.put("trailing byte", new Object[] {append(sig, (byte) 0), false});
    v.put("third INTEGER", new Object[] {der(r, low, BigInteger.ONE), false});
    v.put("one INTEGER", new Object[] {der(r), false});
    v.put("non-minimal r", new Object[] {nonMinimalFirstInteger(der(r, low)), false});
    v.put("long-form short length", new Object[] {longFormLength(der(r, low)), false});
    v.put("indefinite length", new Object[] {indefinite(der(r, low)), false});
    v.put("empty", new Object[] {new byte[0], false});
    v.put("SET instead of SEQUENCE", new Object[] {retag(der(r, low), 0x31), false});
    return v;
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("ecdsaCases")
  void ecdsaVerdictsEqualThePlainImplementation(String providerName, CryptoProvider p, Signed s) {
    SignatureCrypto fast = new ProviderSignatureCrypto(p);
    for (Map.Entry<String, Object[]> e : ecdsaVariants(s).entrySet()) {
      byte[] sig = (byte[]) e.getValue()[0];
      boolean expected = (boolean) e.getValue()[1];
      boolean plain = PLAIN.verify(s.cert().signatureAlgorithm(), s.issuerKey(), s.cert().tbs(), sig);
      boolean viaProvider = fast.verify(s.cert().signatureAlgorithm(), s.issuerKey(), s.cert().tbs(), sig);
      assertThat(plain).as("plain verdict on %s", e.getKey()).isEqualTo(expected);
      assertThat(viaProvider).as("%s verdict on %s", providerName, e.getKey()).isEqualTo(expected);
    }
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("ecdsaCases")
  void ecdsaSignatureFailsWithAnotherKey(String providerName, CryptoProvider p, Signed s) {
    SignatureCrypto fast = new ProviderSignatureCrypto(p);
    byte[] sig = s.cert().signature();
    assertThat(PLAIN.verify(s.cert().signatureAlgorithm(), s.otherKey(), s.cert().tbs(), sig)).isFalse();
    assertThat(fast.verify(s.cert().signatureAlgorithm(), s.otherKey(), s.cert().tbs(), sig)).isFalse();
    byte[] otherData = s.cert().tbs();
    otherData[otherData.length - 1] ^= 1;
    assertThat(fast.verify(s.cert().signatureAlgorithm(), s.issuerKey(), otherData, sig)).isFalse();
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("otherCases")
  void ed25519AndRsaVerdictsEqualThePlainImplementation(String providerName, CryptoProvider p, Signed s) {
    SignatureCrypto fast = new ProviderSignatureCrypto(p);
    byte[] sig = s.cert().signature();
    List<byte[]> variants = List.of(sig, flipLastBit(sig), append(sig, (byte) 0),
        Arrays.copyOf(sig, sig.length - 1), new byte[0]);
    for (int i = 0; i < variants.size(); i++) {
      byte[] v = variants.get(i);
      boolean plain = PLAIN.verify(s.cert().signatureAlgorithm(), s.issuerKey(), s.cert().tbs(), v);
      assertThat(fast.verify(s.cert().signatureAlgorithm(), s.issuerKey(), s.cert().tbs(), v))
          .as("variant %d", i).isEqualTo(plain).isEqualTo(i == 0);
      assertThat(fast.verify(s.cert().signatureAlgorithm(), s.otherKey(), s.cert().tbs(), v)).isFalse();
    }
  }

  /**
   * Random damage to the DER signature (byte changes, insertions, deletions, truncation):
   * whatever the bytes, the provider path and the plain path agree.
   */
  @Test
  void randomlyDamagedSignaturesGetThePlainVerdict() {
    List<CryptoProvider> providers = Providers.all();
    Random random = new Random(20240601L);
    int accepted = 0;
    for (Signed s : ECDSA.subList(0, 4)) {
      byte[] original = s.cert().signature();
      for (int i = 0; i < 300; i++) {
        byte[] sig = damage(original, random);
        boolean plain = PLAIN.verify(s.cert().signatureAlgorithm(), s.issuerKey(), s.cert().tbs(), sig);
        accepted += plain ? 1 : 0;
        for (CryptoProvider p : providers) {
          assertThat(new ProviderSignatureCrypto(p)
                  .verify(s.cert().signatureAlgorithm(), s.issuerKey(), s.cert().tbs(), sig))
              .as("%s on %s", p.name(), java.util.HexFormat.of().formatHex(sig))
              .isEqualTo(plain);
        }
      }
    }
    // Some damage leaves the signature intact (a changed byte set back, say); most breaks it.
    assertThat(accepted).isLessThan(4 * 300 / 2);
  }

  private static byte[] damage(byte[] sig, Random random) {
    byte[] out = sig.clone();
    int edits = 1 + random.nextInt(2);
    for (int e = 0; e < edits; e++) {
      int kind = random.nextInt(5);
      int at = random.nextInt(out.length);
      switch (kind) {
        case 0 -> out[at] = (byte) random.nextInt(256);
        case 1 -> out[at] ^= (byte) (1 << random.nextInt(8));
        case 2 -> {
          byte[] longer = new byte[out.length + 1];
          System.arraycopy(out, 0, longer, 0, at);
          longer[at] = (byte) (random.nextBoolean() ? 0 : random.nextInt(256));
          System.arraycopy(out, at, longer, at + 1, out.length - at);
          out = longer;
        }
        case 3 -> {
          if (out.length > 1) {
            byte[] shorter = new byte[out.length - 1];
            System.arraycopy(out, 0, shorter, 0, at);
            System.arraycopy(out, at + 1, shorter, at, out.length - at - 1);
            out = shorter;
          }
        }
        default -> out = Arrays.copyOf(out, Math.max(1, at));
      }
    }
    return out;
  }

  static byte[] der(BigInteger... values) {
    org.bouncycastle.asn1.ASN1EncodableVector v = new org.bouncycastle.asn1.ASN1EncodableVector();
    for (BigInteger b : values) {
      v.add(new org.bouncycastle.asn1.ASN1Integer(b));
    }
    try {
      return new org.bouncycastle.asn1.DERSequence(v).getEncoded();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] flipLastBit(byte[] b) {
    byte[] out = b.clone();
    out[out.length - 1] ^= 1;
    return out;
  }

  private static byte[] append(byte[] b, byte extra) {
    byte[] out = Arrays.copyOf(b, b.length + 1);
    out[b.length] = extra;
    return out;
  }

  private static byte[] retag(byte[] b, int tag) {
    byte[] out = b.clone();
    out[0] = (byte) tag;
    return out;
  }

  /**
   * A zero byte put before r's content: 00 before a byte below 0x80, or 00 00 before one above,
   * is never the minimal encoding. Lengths stay in short form (signatures up to P-384).
   */
  private static byte[] nonMinimalFirstInteger(byte[] sig) {
    int header = (sig[1] & 0x80) == 0 ? 2 : 2 + (sig[1] & 0x7f);
    byte[] out = new byte[sig.length + 1];
    System.arraycopy(sig, 0, out, 0, header);
    out[1] = (byte) (sig[1] + ((sig[1] & 0x80) == 0 ? 1 : 0));
    if ((sig[1] & 0x80) != 0) {
      out[header - 1] = (byte) (sig[header - 1] + 1);
    }
    out[header] = 0x02;
    out[header + 1] = (byte) (sig[header + 1] + 1);
    out[header + 2] = 0x00;
    System.arraycopy(sig, header + 2, out, header + 3, sig.length - header - 2);
    return out;
  }

  /**
   * The SEQUENCE length in a longer form than needed: 81 nn for a length below 128, or a leading
   * zero byte before a long-form length.
   */
  private static byte[] longFormLength(byte[] sig) {
    if ((sig[1] & 0x80) == 0) {
      byte[] out = new byte[sig.length + 1];
      out[0] = 0x30;
      out[1] = (byte) 0x81;
      System.arraycopy(sig, 1, out, 2, sig.length - 1);
      return out;
    }
    int n = sig[1] & 0x7f;
    byte[] out = new byte[sig.length + 1];
    out[0] = 0x30;
    out[1] = (byte) (0x80 | (n + 1));
    out[2] = 0x00;
    System.arraycopy(sig, 2, out, 3, sig.length - 2);
    return out;
  }

  private static byte[] indefinite(byte[] sig) {
    int header = (sig[1] & 0x80) == 0 ? 2 : 2 + (sig[1] & 0x7f);
    byte[] out = new byte[sig.length - header + 4];
    out[0] = 0x30;
    out[1] = (byte) 0x80;
    System.arraycopy(sig, header, out, 2, sig.length - header);
    return out;
  }
}
