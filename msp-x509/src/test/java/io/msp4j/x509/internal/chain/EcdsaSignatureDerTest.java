package io.msp4j.x509.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.msp4j.x509.internal.cert.NistCurves;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("SIG-DER-01")
class EcdsaSignatureDerTest {
  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s.replace(" ", ""));
  }

  @Test
  void decodesMinimalSequence() {
    EcdsaSignatureDer.RS rs = EcdsaSignatureDer.decode(hex("30 06 02 01 05 02 01 07"));
    assertThat(rs.r()).isEqualTo(BigInteger.valueOf(5));
    assertThat(rs.s()).isEqualTo(BigInteger.valueOf(7));
  }

  @Test
  void extraMembersAndTrailingBytesAreIgnored() {
    byte[] extra = hex("30 09 02 01 05 02 01 07 02 01 09");
    byte[] trailing = hex("30 06 02 01 05 02 01 07 ff ff");
    byte[] garbageMember = hex("30 08 02 01 05 02 01 07 ff ff");
    for (byte[] sig : new byte[][] {extra, trailing, garbageMember}) {
      EcdsaSignatureDer.RS rs = EcdsaSignatureDer.decode(sig);
      assertThat(rs.s()).isEqualTo(BigInteger.valueOf(7));
      assertThat(EcdsaSignatureDer.reencodeMinimal(sig)).isEqualTo(hex("30 06 02 01 05 02 01 07"));
      assertThat(EcdsaSignatureDer.isCanonical(sig)).isFalse();
    }
    assertThat(EcdsaSignatureDer.isCanonical(hex("30 06 02 01 05 02 01 07"))).isTrue();
  }

  @Test
  void rejectsWhatGoRejects() {
    String[] bad = {
        "",                               // empty
        "31 06 02 01 05 02 01 07",        // SET, not SEQUENCE
        "30 07 02 02 00 05 02 01 07",     // non-minimal r
        "30 07 02 01 05 02 02 ff 87",     // non-minimal negative s
        "30 81 06 02 01 05 02 01 07",     // non-minimal length
        "30 80 02 01 05 02 01 07 00 00",  // indefinite length
        "30 03 02 01 05",                 // s missing
        "30 05 02 01 05 02 00",           // empty integer
        "30 06 02 01 00 02 01 07",        // r = 0
        "30 06 02 01 05 02 01 f9",        // s < 0
        "30 07 02 01 05 02 01 07"};       // length beyond input
    for (String b : bad) {
      assertThatThrownBy(() -> EcdsaSignatureDer.decode(hex(b)))
          .as(b).isInstanceOf(SignatureDecodingException.class);
    }
  }

  @Test
  @Tag("SANITIZE-04")
  void normalisesHighSToLowS() {
    BigInteger n = EcdsaSignatureDer.curveOrder("P-256");
    BigInteger half = n.shiftRight(1);
    byte[] high = EcdsaSignatureDer.toMinimalDer(BigInteger.ONE, half.add(BigInteger.ONE));
    byte[] atHalf = EcdsaSignatureDer.toMinimalDer(BigInteger.ONE, half);
    assertThat(EcdsaSignatureDer.decode(EcdsaSignatureDer.normalize(high, "P-256")).s())
        .isEqualTo(n.subtract(half.add(BigInteger.ONE)));
    assertThat(EcdsaSignatureDer.normalize(atHalf, "P-256")).isEqualTo(atHalf);
    assertThatThrownBy(() -> EcdsaSignatureDer.normalize(high, "secp256k1"))
        .isInstanceOf(SignatureDecodingException.class).hasMessageContaining("curve");
  }

  @Test
  @Tag("SETUP-CRL-02")
  void crlReencodingKeepsHighS() {
    BigInteger n = EcdsaSignatureDer.curveOrder("P-384");
    byte[] high = EcdsaSignatureDer.toMinimalDer(BigInteger.TEN, n.subtract(BigInteger.TWO));
    byte[] withExtra = new byte[high.length + 3];
    System.arraycopy(high, 0, withExtra, 0, high.length);
    withExtra[1] += 3;
    withExtra[high.length] = 2;
    withExtra[high.length + 1] = 1;
    withExtra[high.length + 2] = 1;
    assertThat(EcdsaSignatureDer.reencodeMinimal(withExtra)).isEqualTo(high);
    assertThat(EcdsaSignatureDer.isEcdsaSignatureAlgorithm("1.2.840.10045.4.3.3")).isTrue();
    assertThat(EcdsaSignatureDer.isEcdsaSignatureAlgorithm("1.2.840.113549.1.1.11")).isFalse();
  }

  /**
   * The minimal DER of (r, s) is written directly; it equals Bouncy Castle's DER encoding of
   * SEQUENCE{INTEGER r, INTEGER s} (the former implementation, kept here as the reference) for
   * edge values and random sizes up to 600 bits, which covers one- and two-octet lengths.
   */
  @Test
  @Tag("SANITIZE-04")
  void minimalDerEqualsBouncyCastlesDerEncoding() throws java.io.IOException {
    java.util.List<BigInteger> values = new java.util.ArrayList<>(java.util.List.of(BigInteger.ZERO,
        BigInteger.ONE, BigInteger.valueOf(127), BigInteger.valueOf(128), BigInteger.valueOf(255),
        BigInteger.valueOf(256), BigInteger.ONE.shiftLeft(255), BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE)));
    java.util.Random random = new java.util.Random(15);
    for (int i = 0; i < 300; i++) {
      values.add(new BigInteger(1 + random.nextInt(600), random));
    }
    for (int i = 0; i < values.size(); i++) {
      BigInteger r = values.get(i);
      BigInteger s = values.get((i * 7 + 3) % values.size());
      org.bouncycastle.asn1.ASN1EncodableVector v = new org.bouncycastle.asn1.ASN1EncodableVector(2);
      v.add(new org.bouncycastle.asn1.ASN1Integer(r));
      v.add(new org.bouncycastle.asn1.ASN1Integer(s));
      byte[] reference = new org.bouncycastle.asn1.DERSequence(v).getEncoded(org.bouncycastle.asn1.ASN1Encoding.DER);
      assertThat(EcdsaSignatureDer.toMinimalDer(r, s)).isEqualTo(reference);
    }
  }

  /**
   * The sanitiser's shortcut: a signature called normalised is exactly what normalisation returns,
   * and every minimal low-S signature is called normalised; over all four curves, values of every
   * length, s around n/2, and random mutations (which must only ever be "not known").
   */
  @Test
  @Tag("SANITIZE-04")
  void normalisedSignaturesAreTheirOwnNormalForm() {
    Random random = new Random(4);
    int shortcut = 0;
    for (String curve : NistCurves.NAMES) {
      BigInteger n = EcdsaSignatureDer.curveOrder(curve);
      BigInteger half = n.shiftRight(1);
      List<BigInteger> values = new ArrayList<>(List.of(BigInteger.ONE, BigInteger.valueOf(127),
          BigInteger.valueOf(128), half.subtract(BigInteger.ONE), half, half.add(BigInteger.ONE),
          n.subtract(BigInteger.ONE)));
      for (int bits = 1; bits <= n.bitLength(); bits += 7) {
        values.add(new BigInteger(bits, random).add(BigInteger.ONE));
      }
      for (BigInteger r : values) {
        for (BigInteger s : values) {
          byte[] sig = EcdsaSignatureDer.toMinimalDer(r, s);
          boolean low = s.compareTo(half) <= 0;
          boolean shortForm = sig.length - 2 < 0x80;
          assertThat(EcdsaSignatureDer.isNormalised(sig, curve)).as("%s r=%s s=%s", curve, r, s)
              .isEqualTo(low && shortForm);
          for (int m = 0; m < 20; m++) {
            byte[] mutated = mutate(sig, random);
            if (EcdsaSignatureDer.isNormalised(mutated, curve)) {
              shortcut++;
              assertThat(EcdsaSignatureDer.normalize(mutated, curve)).isEqualTo(mutated);
            }
          }
        }
      }
    }
    assertThat(shortcut).isPositive();
    assertThat(EcdsaSignatureDer.isNormalised(
        EcdsaSignatureDer.toMinimalDer(BigInteger.ONE, BigInteger.ONE), "P-192")).isFalse();
  }

  /**
   * A SEQUENCE length byte of 0x80 or more is DER's long form, never a length: "30 81 02 .." is a
   * non-minimal length that normalisation (Go's asn1) refuses, even when the bytes after it happen
   * to be two minimal INTEGERs filling the 129 bytes that 0x81 would count in short form (possible
   * with P-521's 66-byte values). The shortcut must leave such a signature to normalisation.
   */
  @Test
  @Tag("SANITIZE-04")
  void aLongFormLengthByteIsNeverReadAsAShortLength() {
    BigInteger n = EcdsaSignatureDer.curveOrder("P-521");
    for (int sBytes = 1; sBytes <= 65; sBytes++) {
      BigInteger s = BigInteger.ONE.shiftLeft(8 * sBytes - 2); // no sign octet, below n/2
      int rBytes = 125 - sBytes; // r and s contents fill 4 + 125 = 129 bytes: "30 81" read short
      if (rBytes > 66) {
        continue;
      }
      BigInteger r = BigInteger.ONE.shiftLeft(8 * rBytes - 2).min(n.subtract(BigInteger.ONE));
      byte[] inner = EcdsaSignatureDer.toMinimalDer(r, s);
      byte[] sig = new byte[inner.length - 1];
      sig[0] = 0x30;
      sig[1] = (byte) 0x81; // where the minimal encoding has "30 81 81"
      System.arraycopy(inner, 3, sig, 2, inner.length - 3);
      assertThat(sig.length - 2).isEqualTo(0x81);
      assertThatThrownBy(() -> EcdsaSignatureDer.normalize(sig, "P-521"))
          .isInstanceOf(SignatureDecodingException.class)
          .hasMessageContaining("non-minimal length");
      assertThat(EcdsaSignatureDer.isNormalised(sig, "P-521")).as("s of %d bytes", sBytes)
          .isFalse();
    }
  }

  private static byte[] mutate(byte[] sig, Random random) {
    byte[] out = random.nextInt(4) == 0
        ? Arrays.copyOf(sig, sig.length + 1 - random.nextInt(3)) : sig.clone();
    out[random.nextInt(out.length)] ^= (byte) (1 << random.nextInt(8));
    return out;
  }
}
