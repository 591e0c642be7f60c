package io.msp4j.x509.internal.msp;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.MspSetupException;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.TestPki;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Loading a CRL through the fast path ({@link CrlScan}) gives what the full Bouncy Castle parse
 * gives ({@link CrlLoader#loadParsingAll}): the same serials, TBS bytes, signature, AKI, or the
 * same setup error, for well-formed CRLs and for damaged ones.
 */
@Tag("SETUP-CRL-01")
@Tag("SETUP-CRL-02")
class CrlLoaderTest {
  private final TestPki pki = TestPki.seeded("crl-loader");
  private final IssuedCertificate ca = pki.rootCa("C=US,O=org1,CN=ca.org1");

  /** Everything validation uses from a loaded CRL, or the setup error. */
  private static String outcome(java.util.function.Supplier<RevocationList> load) {
    RevocationList crl;
    try {
      crl = load.get();
    } catch (MspSetupException e) {
      return "error " + e.reason() + " " + e.rule() + " " + e.getMessage();
    }
    BigInteger[] serials = crl.serials().toArray();
    Arrays.sort(serials);
    HexFormat hex = HexFormat.of();
    return "serials=" + Arrays.toString(serials)
        + " size=" + crl.size()
        + " tbs=" + hex.formatHex(crl.tbs())
        + " alg=" + crl.signatureAlgorithm().getAlgorithm()
        + " sig=" + hex.formatHex(crl.signature())
        + " aki=" + crl.authorityKeyId().map(hex::formatHex).orElse("none")
        + " akiProblem=" + crl.akiProblem().orElse("none");
  }

  private static void assertSameOutcome(String what, byte[] bytes) {
    String plain = outcome(() -> CrlLoader.loadParsingAll("crl", CrlLoader.der(bytes)));
    String fast = outcome(() -> CrlLoader.load("crl", bytes));
    assertThat(fast).as(what).isEqualTo(plain);
  }

  private Map<String, byte[]> crls() {
    Map<String, byte[]> out = new LinkedHashMap<>();
    out.put("empty", pki.crl(ca).build().der());
    CrlBuilder many = pki.crl(ca);
    Random r = new Random(5);
    for (int i = 0; i < 300; i++) {
      many.revoke(new BigInteger(1 + r.nextInt(159), r));
    }
    many.revoke(BigInteger.ZERO).revoke(BigInteger.ONE).revoke(BigInteger.valueOf(128))
        .revoke(BigInteger.valueOf(255)).revoke(BigInteger.valueOf(-5)).revoke(BigInteger.ONE);
    out.put("300 serials, duplicates, zero, negative", many.build().der());
    out.put("with reasons and GeneralizedTime dates", pki.crl(ca)
        .revoke(BigInteger.valueOf(7), Instant.parse("2051-01-01T00:00:00Z"), 1)
        .revoke(BigInteger.valueOf(8), Instant.parse("2030-01-01T00:00:00Z"), null)
        .revoke(BigInteger.valueOf(9), null, 4).build().der());
    out.put("no AKI", pki.crl(ca).noAuthorityKeyId().revoke(BigInteger.TEN).build().der());
    out.put("AKI without key id", pki.crl(ca).authorityKeyIdWithoutKeyId().revoke(BigInteger.TEN).build().der());
    out.put("CRL number", pki.crl(ca).crlNumber(BigInteger.valueOf(42)).revoke(BigInteger.TEN).build().der());
    out.put("no nextUpdate", pki.crl(ca).nextUpdate(null).revoke(BigInteger.TEN).build().der());
    IssuedCertificate p384 = pki.certificate().subject("CN=p384").keyAlgorithm(KeyAlgorithm.EC_P384).ca().build();
    out.put("P-384 issuer", pki.crl(p384).revoke(BigInteger.TWO).build().der());
    IssuedCertificate rsa = pki.certificate().subject("CN=rsa").keyAlgorithm(KeyAlgorithm.RSA_2048).ca().build();
    out.put("RSA issuer", pki.crl(rsa).revoke(BigInteger.TWO).build().der());
    return out;
  }

  @Test
  void wellFormedCrlsLoadAlike() {
    for (Map.Entry<String, byte[]> e : crls().entrySet()) {
      assertSameOutcome(e.getKey(), e.getValue());
      assertSameOutcome(e.getKey() + " as PEM", pem(e.getValue()));
    }
    RevocationList many = CrlLoader.load("crl", crls().get("300 serials, duplicates, zero, negative"));
    assertThat(many.lists(BigInteger.valueOf(128))).isTrue();
    assertThat(many.lists(BigInteger.valueOf(-5))).isTrue();
    assertThat(many.lists(BigInteger.valueOf(129))).isFalse();
  }

  @Test
  void theFastPathIsTakenForCanonicalCrls() {
    byte[] der = crls().get("with reasons and GeneralizedTime dates");
    CrlScan.Scan scan = CrlScan.scan(der);
    assertThat(scan).isNotNull();
    assertThat(scan.serials().size()).isEqualTo(3);
    assertThat(scan.reduced().length).isLessThan(der.length);
  }

  @Test
  void damagedCrlsGetTheSameOutcome() {
    Random random = new Random(99);
    int errors = 0;
    int loaded = 0;
    for (Map.Entry<String, byte[]> e : crls().entrySet()) {
      for (int i = 0; i < 150; i++) {
        byte[] damaged = damage(e.getValue(), random);
        assertSameOutcome(e.getKey() + " damaged " + HexFormat.of().formatHex(damaged), damaged);
        try {
          CrlLoader.load("crl", damaged);
          loaded++;
        } catch (MspSetupException ex) {
          errors++;
        }
      }
    }
    assertThat(errors).isPositive();
    assertThat(loaded).isPositive();
  }

  @Test
  void nonCanonicalEncodingsAreLeftToTheFullParse() {
    byte[] der = pki.crl(ca).revoke(BigInteger.valueOf(300)).build().der();
    List<byte[]> variants = new ArrayList<>();
    // The serial INTEGER 02 02 01 2c, written with a long-form length: 02 81 02 01 2c.
    variants.add(replaceFirst(der, new byte[] {0x02, 0x02, 0x01, 0x2c}, new byte[] {0x02, (byte) 0x81, 0x02, 0x01, 0x2c}));
    // The same serial with a superfluous leading zero.
    variants.add(replaceFirst(der, new byte[] {0x02, 0x02, 0x01, 0x2c}, new byte[] {0x02, 0x03, 0x00, 0x01, 0x2c}));
    // Bytes after the CRL.
    variants.add(Arrays.copyOf(der, der.length + 2));
    for (byte[] v : variants) {
      assertThat(CrlScan.scan(v)).isNull();
      assertSameOutcome("variant", v);
    }
  }

  /** Fixes up enclosing lengths is not attempted: the damage may make the CRL unparsable. */
  private static byte[] replaceFirst(byte[] der, byte[] from, byte[] to) {
    for (int i = 0; i + from.length <= der.length; i++) {
      if (Arrays.equals(der, i, i + from.length, from, 0, from.length)) {
        byte[] out = new byte[der.length - from.length + to.length];
        System.arraycopy(der, 0, out, 0, i);
        System.arraycopy(to, 0, out, i, to.length);
        System.arraycopy(der, i + from.length, out, i + to.length, der.length - i - from.length);
        return out;
      }
    }
    throw new IllegalArgumentException("pattern not found");
  }

  private static byte[] damage(byte[] der, Random random) {
    byte[] out = der.clone();
    int at = random.nextInt(out.length);
    switch (random.nextInt(4)) {
      case 0 -> out[at] = (byte) random.nextInt(256);
      case 1 -> out[at] ^= (byte) (1 << random.nextInt(8));
      case 2 -> {
        byte[] longer = new byte[out.length + 1];
        System.arraycopy(out, 0, longer, 0, at);
        longer[at] = (byte) random.nextInt(256);
        System.arraycopy(out, at, longer, at + 1, out.length - at);
        out = longer;
      }
      default -> out = Arrays.copyOf(out, Math.max(1, at));
    }
    return out;
  }

  private static byte[] pem(byte[] der) {
    String b64 = java.util.Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der);
    return ("-----BEGIN X509 CRL-----\n" + b64 + "\n-----END X509 CRL-----\n")
        .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }
}
