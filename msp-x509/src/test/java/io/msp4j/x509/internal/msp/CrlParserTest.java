package io.msp4j.x509.internal.msp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.TestPki;
import io.msp4j.x509.internal.cert.GoAsn1;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The in-place CRL parser against the plain one it replaced ({@link PlainCrlParser}): the same
 * CRLs are accepted with the same contents, and the same ones are refused.
 */
@Tag("SETUP-CRL-01")
class CrlParserTest {
  private static final TestPki PKI = TestPki.seeded("crl-parser-test");
  private static final IssuedCertificate ROOT = PKI.rootCa("O=org1,CN=ca");

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 127, 3000})
  void generatedCrlsParseAlike(int size) {
    Random random = new Random(size);
    CrlBuilder crl = PKI.crl(ROOT);
    List<BigInteger> serials = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      BigInteger s = new BigInteger(1 + random.nextInt(160), random);
      if (i % 7 == 3) {
        s = s.negate();
      }
      if (i % 11 == 5 && !serials.isEmpty()) {
        s = serials.get(random.nextInt(serials.size())); // a duplicate
      }
      serials.add(s);
      crl.revoke(s);
    }
    byte[] der = crl.build().der();

    CrlParser.Parsed parsed = assertSameVerdict(der);

    assertThat(sorted(parsed.revokedSerials())).containsExactlyElementsOf(new TreeSet<>(serials));
    assertThat(serials).allMatch(parsed.revokedSerials()::contains);
    assertThat(parsed.revokedSerials().contains(BigInteger.ONE.shiftLeft(161))).isFalse();
  }

  @Test
  void entriesWithExtensionsOrGeneralizedTimesParseAlike() {
    CrlBuilder crl = PKI.crl(ROOT)
        .revoke(BigInteger.valueOf(10), null, 1)
        .revoke(BigInteger.valueOf(11), Instant.parse("2051-06-01T12:00:00Z"), null)
        .revoke(BigInteger.valueOf(12))
        .revoke(BigInteger.valueOf(13), Instant.parse("2060-02-29T00:00:00Z"), 4);
    byte[] der = crl.build().der();

    CrlParser.Parsed parsed = assertSameVerdict(der);

    assertThat(sorted(parsed.revokedSerials())).containsExactly(
        BigInteger.valueOf(10), BigInteger.valueOf(11), BigInteger.valueOf(12),
        BigInteger.valueOf(13));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "2401030000Z", "240103000000+0100", "2401030000-0530", "240229235959Z", "000229000000Z",
      "691231235959Z", "680101000000Z", "491231000000+1800"})
  void oddButValidUtcTimesAreAccepted(String time) {
    byte[] der = crl(entry(integer(BigInteger.valueOf(77)), tlv(0x17, ascii(time))));

    CrlParser.Parsed parsed = assertSameVerdict(der);

    assertThat(sorted(parsed.revokedSerials())).containsExactly(BigInteger.valueOf(77));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "240230000000Z", "241301000000Z", "240003000000Z", "240100000000Z", "240103000060Z",
      "240103240000Z", "240103006000Z", "230229000000Z", "24010300000Z", "2401030000000Z",
      "240103000000z", "2401030000a0Z", "240103000000+0000", "240103000000+2401",
      "240103000000", "24010300000ZZ", "-40103000000Z"})
  void invalidUtcTimesAreRefused(String time) {
    byte[] der = crl(entry(integer(BigInteger.valueOf(77)), tlv(0x17, ascii(time))));

    assertSameVerdict(der);
    assertThatThrownBy(() -> CrlParser.parse(der)).isInstanceOf(GoAsn1.Asn1Exception.class)
        .hasMessageContaining("time did not serialize back");
  }

  @Test
  void generalizedTimesFollowTheGeneralRules() {
    assertSameVerdict(crl(entry(integer(BigInteger.ONE), tlv(0x18, ascii("20240103000000Z")))));
    assertSameVerdict(crl(entry(integer(BigInteger.ONE), tlv(0x18, ascii("20240103000000.5Z")))));
    byte[] bad = crl(entry(integer(BigInteger.ONE), tlv(0x18, ascii("20240230000000Z"))));
    assertSameVerdict(bad);
    assertThatThrownBy(() -> CrlParser.parse(bad)).isInstanceOf(GoAsn1.Asn1Exception.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0001", "007f", "ff80", "ffff", ""})
  void nonMinimalOrEmptySerialsAreRefused(String hex) {
    byte[] der = crl(entry(tlv(0x02, hex(hex)), utc()));

    assertSameVerdict(der);
    assertThatThrownBy(() -> CrlParser.parse(der)).isInstanceOf(GoAsn1.Asn1Exception.class)
        .hasMessageContaining("integer");
  }

  @ParameterizedTest
  @ValueSource(strings = {"00", "ff", "0080", "ff7f", "80", "7f", "00ff", "8000000000000000"})
  void minimalSerialsOfEitherSignAreKept(String hex) {
    byte[] der = crl(entry(tlv(0x02, hex(hex)), utc()));

    CrlParser.Parsed parsed = assertSameVerdict(der);

    assertThat(sorted(parsed.revokedSerials())).containsExactly(new BigInteger(hex(hex)));
  }

  @Test
  void serialsLongerThanAShortLengthTakeTheGeneralPath() {
    byte[] big = new byte[200];
    Arrays.fill(big, (byte) 0x5a);
    byte[] der = crl(entry(tlv(0x02, big), utc()), entry(integer(BigInteger.TWO), utc()));

    CrlParser.Parsed parsed = assertSameVerdict(der);

    assertThat(sorted(parsed.revokedSerials())).containsExactly(
        BigInteger.TWO, new BigInteger(big));
  }

  @Test
  void unusualEntriesAreJudgedAsBefore() {
    byte[] serial = integer(BigInteger.valueOf(5));
    // something after the date that is not an extension list: tolerated
    assertSameVerdict(crl(entry(serial, utc(), integer(BigInteger.ONE))));
    // an empty extension list, then more
    assertSameVerdict(crl(entry(serial, utc(), tlv(0x30, new byte[0]), tlv(0x05, new byte[0]))));
    // the serial as another type, the date missing, an empty entry, a non-SEQUENCE entry
    assertSameVerdict(crl(entry(tlv(0x04, hex("05")), utc())));
    assertSameVerdict(crl(entry(serial)));
    assertSameVerdict(crl(entry()));
    assertSameVerdict(crl(tlv(0x31, cat(serial, utc()))));
    // an entry claiming about 2 GB
    byte[] huge = cat(new byte[] {0x30, (byte) 0x84, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xf0},
        serial, utc());
    assertSameVerdict(crl(huge));
    assertThatThrownBy(() -> CrlParser.parse(crl(huge))).isInstanceOf(GoAsn1.Asn1Exception.class)
        .hasMessageContaining("truncated");
    // a long-form length on a short entry is not DER
    byte[] body = cat(serial, utc());
    assertSameVerdict(crl(cat(new byte[] {0x30, (byte) 0x81, (byte) body.length}, body)));
    assertThatThrownBy(() -> CrlParser.parse(
            crl(cat(new byte[] {0x30, (byte) 0x81, (byte) body.length}, body))))
        .isInstanceOf(GoAsn1.Asn1Exception.class)
        .hasMessageContaining("non-minimal length");
  }

  @Test
  void truncationAtEveryByteIsJudgedAsBefore() {
    byte[] der = sampleCrl();
    for (int n = 0; n < der.length; n++) {
      byte[] cut = Arrays.copyOf(der, n);
      assertSameVerdict(cut);
      assertThatThrownBy(() -> CrlParser.parse(cut)).isInstanceOf(RuntimeException.class);
    }
  }

  @Test
  void randomByteChangesAreJudgedAsBefore() {
    byte[] der = sampleCrl();
    Random random = new Random(20240103);
    int accepted = 0;
    for (int round = 0; round < 5_000; round++) {
      byte[] changed = der.clone();
      int changes = 1 + random.nextInt(3);
      for (int c = 0; c < changes; c++) {
        int at = random.nextInt(changed.length);
        changed[at] = random.nextBoolean()
            ? (byte) random.nextInt(256)
            : (byte) (changed[at] ^ (1 << random.nextInt(8)));
      }
      if (verdict(changed)) {
        accepted++;
      }
    }
    assertThat(accepted).as("some changes keep the CRL valid").isPositive();
  }

  @Test
  void aPemCrlParsesAsItsDer() {
    var issued = PKI.crl(ROOT).revoke(BigInteger.valueOf(42)).build();
    RevocationList fromPem = CrlLoader.load(
        "crl", issued.pem().getBytes(StandardCharsets.US_ASCII));
    RevocationList fromDer = CrlLoader.load("crl", issued.der());

    assertThat(fromPem.tbs()).isEqualTo(fromDer.tbs());
    assertThat(sorted(fromPem.serials())).containsExactly(BigInteger.valueOf(42));
  }

  /** A small CRL whose entries take both paths: plain, extended, generalized, long serial. */
  private static byte[] sampleCrl() {
    byte[] reason = tlv(0x30, tlv(0x30, cat(tlv(0x06, hex("551d15")), tlv(0x04, hex("0a0101")))));
    return crl(
        entry(integer(BigInteger.valueOf(1000)), utc()),
        entry(integer(BigInteger.valueOf(-3)), utc(), reason),
        entry(integer(BigInteger.valueOf(1001)), tlv(0x18, ascii("20510101000000Z"))),
        entry(integer(BigInteger.ONE.shiftLeft(159)), utc()),
        entry(integer(BigInteger.valueOf(1002)), tlv(0x17, ascii("2401030000Z"))));
  }

  /** Both parsers' verdict on {@code der}, checked to agree; true when it is accepted. */
  private static boolean verdict(byte[] der) {
    RuntimeException plainError = null;
    PlainCrlParser.Parsed plain = null;
    try {
      plain = PlainCrlParser.parse(der);
    } catch (RuntimeException e) {
      plainError = e;
    }
    if (plainError != null) {
      RuntimeException expected = plainError;
      assertThatThrownBy(() -> CrlParser.parse(der))
          .as("refused by the plain parser: %s", expected.getMessage())
          .isExactlyInstanceOf(expected.getClass());
      return false;
    }
    CrlParser.Parsed fast = CrlParser.parse(der);
    assertThat(fast.tbs()).isEqualTo(plain.tbs());
    assertThat(fast.signatureOid()).isEqualTo(plain.signatureOid());
    assertThat(fast.signatureParameters()).isEqualTo(plain.signatureParameters());
    assertThat(fast.signature()).isEqualTo(plain.signature());
    assertThat(fast.extensions()).hasSameSizeAs(plain.extensions());
    for (int i = 0; i < fast.extensions().size(); i++) {
      CrlParser.Ext f = fast.extensions().get(i);
      PlainCrlParser.Ext p = plain.extensions().get(i);
      assertThat(f.oid()).isEqualTo(p.oid());
      assertThat(f.critical()).isEqualTo(p.critical());
      assertThat(f.value()).isEqualTo(p.value());
    }
    assertThat(sorted(fast.revokedSerials()))
        .containsExactlyElementsOf(new TreeSet<>(plain.revokedSerials()));
    assertThat(fast.revokedSerials().size()).isEqualTo(new TreeSet<>(plain.revokedSerials()).size());
    return true;
  }

  private static CrlParser.Parsed assertSameVerdict(byte[] der) {
    return verdict(der) ? CrlParser.parse(der) : null;
  }

  private static List<BigInteger> sorted(SerialSet set) {
    return Arrays.stream(set.toArray()).sorted().collect(Collectors.toList());
  }

  // --- hand-built DER ---

  private static byte[] crl(byte[]... entries) {
    byte[] algorithm = tlv(0x30, tlv(0x06, hex("2a8648ce3d040302")));
    byte[] issuer = tlv(0x30, tlv(0x31, tlv(0x30, cat(tlv(0x06, hex("550403")), tlv(0x13, ascii("ca"))))));
    byte[] aki = tlv(0x30, cat(tlv(0x06, hex("551d23")), tlv(0x04, tlv(0x30, tlv(0x80, hex("0102"))))));
    byte[] tbs = tlv(0x30, cat(
        integer(BigInteger.ONE), algorithm, issuer, utc(), tlv(0x17, ascii("491231000000Z")),
        tlv(0x30, cat(entries)), tlv(0xa0, tlv(0x30, aki))));
    return tlv(0x30, cat(tbs, algorithm, tlv(0x03, hex("00300602010102010a"))));
  }

  private static byte[] entry(byte[]... parts) {
    return tlv(0x30, cat(parts));
  }

  private static byte[] utc() {
    return tlv(0x17, ascii("240103000000Z"));
  }

  private static byte[] integer(BigInteger v) {
    return tlv(0x02, v.toByteArray());
  }

  private static byte[] tlv(int tag, byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    int n = content.length;
    if (n < 0x80) {
      out.write(n);
    } else if (n < 0x100) {
      out.write(0x81);
      out.write(n);
    } else {
      out.write(0x82);
      out.write(n >> 8);
      out.write(n);
    }
    out.writeBytes(content);
    return out.toByteArray();
  }

  private static byte[] cat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] hex(String s) {
    byte[] out = new byte[s.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }
}
