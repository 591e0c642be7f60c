package io.msp4j.testdata.differential;

import static io.msp4j.testdata.differential.Encodings.*;

import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.KeyPairs;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.Provider;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Makes the identities of a corpus MSP: leaf certificates with mutations of their key, serial,
 * subject strings, validity, extensions, SANs, signature and encoding, and their PEM framing;
 * also the name-constraint and policy extensions shared with the CAs.
 */
final class Identities {
  private final long seed;
  private final Draws draws;
  private final Provider provider;
  private final Map<KeyAlgorithm, List<KeyPair>> leafKeys = new EnumMap<>(KeyAlgorithm.class);

  Identities(long seed, Draws draws, Provider provider) {
    this.seed = seed;
    this.draws = draws;
    this.provider = provider;
  }

  byte[] leaf(RawCertificate.Issued issuer, BigInteger serial, List<String> notes) {
    KeyAlgorithm alg = KeyAlgorithm.EC_P256;
    int k = draws.draw();
    if (k < 4) {
      alg = KeyAlgorithm.EC_P384;
    } else if (k < 6) {
      alg = KeyAlgorithm.ED25519;
    } else if (k < 7) {
      alg = KeyAlgorithm.EC_P224;
    } else if (k < 8) {
      alg = KeyAlgorithm.EC_SECP256K1;
    } else if (k < 9) {
      alg = KeyAlgorithm.EC_P521;
    } else if (k < 10) {
      alg = KeyAlgorithm.RSA_2048;
    }
    if (alg != KeyAlgorithm.EC_P256) {
      notes.add("key=" + alg);
    }
    KeyPair keys = leafKey(alg);
    RawCertificate c = new RawCertificate();
    c.serial = serialField(serial, notes);
    c.issuer = issuer.subjectName();
    if (draws.mutation(2)) {
      c.issuer = reencodedIssuer(issuer, notes);
    }
    c.subject = subject(notes);
    c.validity = validity(notes);
    c.publicKeyInfo = keys.getPublic().getEncoded();
    extensions(c, issuer, notes);
    c.innerAlgorithm = algorithmFor(issuer.keys());
    String jca = jcaFor(issuer.keys());
    if (issuer.keys().getPrivate().getAlgorithm().startsWith("EC")) {
      int s = draws.draw();
      if (s < 3) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA384));
        jca = "SHA384withECDSA";
        notes.add("sig=sha384");
      } else if (s < 5) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA1));
        jca = "SHA1withECDSA";
        notes.add("sig=sha1");
      } else if (s < 7) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA256), DerWriter.nul());
        jca = "SHA256withECDSA";
        notes.add("sig=null-params");
      } else if (s < 15) {
        c.highS = true;
        notes.add("sig=high-s");
      } else if (s < 17) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA512));
        jca = "SHA512withECDSA";
        notes.add("sig=sha512");
      } else if (s < 18) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA256), DerWriter.oid("1.2.3"));
        notes.add("sig=oid-params");
      }
    } else if (issuer.keys().getPrivate().getAlgorithm().equals("RSA")) {
      int s = draws.draw();
      if (s < 10) {
        c.innerAlgorithm = pssAlgorithm();
        jca = "SHA256withRSAandMGF1";
        notes.add("sig=rsa-pss");
      } else if (s < 13) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid(RSA_SHA256));
        notes.add("sig=rsa-no-null");
      } else if (s < 16) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid("1.2.840.113549.1.1.5"), DerWriter.nul());
        jca = "SHA1withRSA";
        notes.add("sig=rsa-sha1");
      } else if (s < 18) {
        c.innerAlgorithm = DerWriter.seq(DerWriter.oid("1.2.840.113549.1.1.13"), DerWriter.nul());
        jca = "SHA512withRSA";
        notes.add("sig=rsa-sha512");
      }
    } else if (draws.mutation(15)) {
      c.innerAlgorithm = DerWriter.seq(DerWriter.oid(ED25519), DerWriter.nul());
      notes.add("sig=ed25519-null-params");
    }
    c.outerAlgorithm = c.innerAlgorithm;
    if (draws.mutation(2)) {
      c.outerAlgorithm = DerWriter.seq(DerWriter.oid(ECDSA_SHA512));
      notes.add("sig=outer-mismatch");
    }
    versionMutation(c, notes);
    derMutation(c, notes);
    return c.sign(issuer.keys().getPrivate(), jca, provider, draws.random());
  }

  /** A leaf with no mutation: P-256, one OU, the usual key usage, no SAN or EKU. */
  byte[] plainLeaf(RawCertificate.Issued issuer, BigInteger serial, String ou) {
    KeyPair keys = leafKey(KeyAlgorithm.EC_P256);
    RawCertificate c = new RawCertificate();
    c.serial = DerWriter.integer(serial);
    c.issuer = issuer.subjectName();
    c.subject = name(DerWriter.set(attr(C, 0x13, "US")), DerWriter.set(attr(OU, 0x13, ou)),
        DerWriter.set(attr(OU, 0x13, "org1")), DerWriter.set(attr(CN, 0x13, ou + serial)));
    c.validity = DerWriter.seq(time(BASE.plusSeconds(7200)), time(END.minusSeconds(86_400)));
    c.publicKeyInfo = keys.getPublic().getEncoded();
    c.extensions.add(ext("2.5.29.15", true, DerWriter.bitString(7, new byte[] {(byte) 0x80})));
    c.extensions.add(ext("2.5.29.19", true, DerWriter.seq()));
    c.extensions.add(ext("2.5.29.14", false, DerWriter.octets(sha256(c.publicKeyInfo))));
    if (issuer.subjectKeyId() != null) {
      c.extensions.add(ext("2.5.29.35", false,
          DerWriter.seq(DerWriter.tlv(0x80, issuer.subjectKeyId()))));
    }
    c.innerAlgorithm = algorithmFor(issuer.keys());
    c.outerAlgorithm = c.innerAlgorithm;
    return c.sign(issuer.keys().getPrivate(), jcaFor(issuer.keys()), provider, draws.random());
  }

  private KeyPair leafKey(KeyAlgorithm alg) {
    List<KeyPair> pool = leafKeys.computeIfAbsent(alg, a -> new ArrayList<>());
    if (pool.size() < (alg == KeyAlgorithm.RSA_2048 ? 1 : 3)) {
      pool.add(KeyPairs.generate(alg, draws.random()));
      return pool.get(pool.size() - 1);
    }
    return pool.get(draws.random().nextInt(pool.size()));
  }

  private byte[] serialField(BigInteger serial, List<String> notes) {
    int s = draws.draw();
    if (s < 2) {
      notes.add("serial=negative");
      return DerWriter.integer(serial.negate());
    } else if (s < 4) {
      notes.add("serial=non-minimal");
      byte[] v = serial.toByteArray();
      byte[] padded = new byte[v.length + 1];
      System.arraycopy(v, 0, padded, 1, v.length);
      return DerWriter.tlv(0x02, padded);
    } else if (s < 6) {
      notes.add("serial=21-octets");
      return DerWriter.integer(serial.shiftLeft(100).setBit(166));
    } else if (s < 7) {
      notes.add("serial=20-octets");
      return DerWriter.integer(serial.shiftLeft(80).setBit(158));
    } else if (s < 8) {
      notes.add("serial=zero");
      return DerWriter.integer(BigInteger.ZERO);
    } else if (s < 9) {
      notes.add("serial=empty");
      return DerWriter.tlv(0x02);
    }
    return DerWriter.integer(serial);
  }

  private byte[] reencodedIssuer(RawCertificate.Issued issuer, List<String> notes) {
    notes.add("issuer-name=utf8");
    String cn = new String(firstCn(issuer), StandardCharsets.ISO_8859_1);
    return name(DerWriter.set(attr(CN, 0x0c, cn)), DerWriter.set(attr(O, 0x0c, "Org" + seed)));
  }

  private byte[] firstCn(RawCertificate.Issued issuer) {
    return issuer.label().equals("foreign") ? ("foreign." + seed + ".example.com").getBytes(StandardCharsets.US_ASCII)
        : (issuer.label() + "." + seed + ".example.com").getBytes(StandardCharsets.US_ASCII);
  }

  private static final String[] ROLE_OUS = {"client", "peer", "admin", "orderer", "org1"};
  private static final String[] ODD_OUS = {"Client", "client ", "cli*ent", "PEER", "", "\u00fcnit",
      "\u6f22\u5b57", "\ud83d\ude00emoji", "a_b", "org1/x", "client\u0000"};

  private byte[] subject(List<String> notes) {
    List<byte[]> rdns = new ArrayList<>();
    if (draws.mutation(2)) {
      notes.add("subject=empty");
      return DerWriter.seq();
    }
    rdns.add(DerWriter.set(attr(C, 0x13, "US")));
    int ous = draws.weighted(0, 8, 1, 70, 2, 18, 3, 4);
    for (int i = 0; i < ous; i++) {
      String ou = !draws.mutation(15) ? ROLE_OUS[draws.random().nextInt(ROLE_OUS.length)]
          : ODD_OUS[draws.random().nextInt(ODD_OUS.length)];
      byte[] value = stringValue(ou, notes);
      byte[] a = DerWriter.seq(DerWriter.oid(OU), value);
      if (draws.mutation(4)) {
        notes.add("ou-multivalued-rdn");
        rdns.add(DerWriter.set(a, attr(O, 0x13, "Org" + seed)));
      } else {
        rdns.add(DerWriter.set(a));
      }
    }
    if (draws.mutation(3)) {
      notes.add("subject-email");
      rdns.add(DerWriter.set(attr(EMAIL_ATTR, 0x16, "user@example.com")));
    }
    rdns.add(DerWriter.set(DerWriter.seq(DerWriter.oid(CN),
        stringValue("id" + draws.random().nextInt(1_000_000), notes))));
    return DerWriter.seq(rdns.toArray(new byte[0][]));
  }

  /** A directory string holding {@code text}, mostly PrintableString or UTF8String. */
  private byte[] stringValue(String text, List<String> notes) {
    int s = draws.mutating() ? draws.random().nextInt(100) : draws.random().nextInt(80);
    byte[] latin1 = text.getBytes(StandardCharsets.ISO_8859_1);
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    if (s < 45) {
      if (!text.matches("[A-Za-z0-9 '()+,\\-./:=?]*")) {
        notes.add("printable-invalid");
      }
      return DerWriter.tlv(0x13, latin1);
    } else if (s < 80) {
      return DerWriter.tlv(0x0c, utf8);
    } else if (s < 84) {
      notes.add("str=ia5");
      return DerWriter.tlv(0x16, utf8);
    } else if (s < 87) {
      notes.add("str=t61");
      return DerWriter.tlv(0x14, latin1);
    } else if (s < 91) {
      notes.add("str=bmp");
      return DerWriter.tlv(0x1e, text.getBytes(StandardCharsets.UTF_16BE));
    } else if (s < 92) {
      notes.add("str=bmp-lone-surrogate");
      byte[] b = text.getBytes(StandardCharsets.UTF_16BE);
      byte[] out = new byte[b.length + 2];
      System.arraycopy(b, 0, out, 0, b.length);
      out[b.length] = (byte) 0xd8;
      return DerWriter.tlv(0x1e, out);
    } else if (s < 93) {
      notes.add("str=bmp-odd");
      byte[] b = text.getBytes(StandardCharsets.UTF_16BE);
      byte[] out = new byte[b.length + 1];
      System.arraycopy(b, 0, out, 0, b.length);
      out[b.length] = 0x41;
      return DerWriter.tlv(0x1e, out);
    } else if (s < 94) {
      notes.add("str=universal");
      return DerWriter.tlv(0x1c, text.getBytes(java.nio.charset.Charset.forName("UTF-32BE")));
    } else if (s < 95) {
      notes.add("str=numeric");
      return DerWriter.tlv(0x12, latin1);
    } else if (s < 96) {
      notes.add("str=utf8-invalid");
      byte[] out = new byte[utf8.length + 2];
      System.arraycopy(utf8, 0, out, 0, utf8.length);
      out[utf8.length] = (byte) 0xc3;
      out[utf8.length + 1] = 0x28;
      return DerWriter.tlv(0x0c, out);
    } else if (s < 97) {
      notes.add("str=visible");
      return DerWriter.tlv(0x1a, latin1);
    } else if (s < 98) {
      notes.add("str=ia5-high");
      byte[] out = new byte[utf8.length + 1];
      System.arraycopy(utf8, 0, out, 0, utf8.length);
      out[utf8.length] = (byte) 0xe9;
      return DerWriter.tlv(0x16, out);
    } else if (s < 99) {
      notes.add("str=t61-high");
      byte[] out = new byte[latin1.length + 1];
      System.arraycopy(latin1, 0, out, 0, latin1.length);
      out[latin1.length] = (byte) 0xe9;
      return DerWriter.tlv(0x14, out);
    }
    notes.add("str=bmp-pair");
    return DerWriter.tlv(0x1e, (text + "\ud83d\ude00").getBytes(StandardCharsets.UTF_16BE));
  }

  private byte[] validity(List<String> notes) {
    Instant nb = BASE.plusSeconds(3600 + draws.random().nextInt(86_400));
    Instant na = END.minusSeconds(86_400);
    int s = draws.draw();
    byte[] nbTime = time(nb);
    byte[] naTime = time(na);
    if (s < 3) {
      notes.add("validity=before-ca");
      nbTime = time(BASE.minusSeconds(3600));
    } else if (s < 5) {
      notes.add("validity=na-eq-nb");
      naTime = time(nb);
    } else if (s < 7) {
      notes.add("validity=na-nb+1");
      naTime = time(nb.plusSeconds(1));
    } else if (s < 8) {
      notes.add("validity=na-before-nb");
      naTime = time(nb.minusSeconds(10));
    } else if (s < 9) {
      notes.add("validity=after-ca");
      nbTime = time(END.plusSeconds(10));
      naTime = time(END.plusSeconds(86_400));
    } else if (s < 11) {
      notes.add("validity=generalized");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb) + "Z");
    } else if (s < 12) {
      notes.add("validity=utc-no-seconds");
      nbTime = DerWriter.ascii(0x17, fmt("yyMMddHHmm", nb) + "Z");
    } else if (s < 13) {
      notes.add("validity=utc-offset");
      nbTime = DerWriter.ascii(0x17, fmt("yyMMddHHmmss", nb) + "+0100");
    } else if (s < 14) {
      notes.add("validity=generalized-fraction");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb) + ".5Z");
    } else if (s < 15) {
      notes.add("validity=generalized-no-z");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb));
    } else if (s < 16) {
      notes.add("validity=utc-no-z");
      nbTime = DerWriter.ascii(0x17, fmt("yyMMddHHmmss", nb));
    } else if (s < 17) {
      notes.add("validity=utc-1950");
      naTime = DerWriter.ascii(0x17, "500101000000Z");
    } else if (s < 18) {
      notes.add("validity=generalized-2050");
      naTime = DerWriter.ascii(0x18, "20500101000000Z");
    } else if (s < 19) {
      notes.add("validity=utc-bad-month");
      nbTime = DerWriter.ascii(0x17, "241301000000Z");
    } else if (s < 20) {
      notes.add("validity=generalized-fraction-trailing-zero");
      nbTime = DerWriter.ascii(0x18, fmt("yyyyMMddHHmmss", nb) + ".50Z");
    }
    return DerWriter.seq(nbTime, naTime);
  }

  private void extensions(RawCertificate c, RawCertificate.Issued issuer, List<String> notes) {
    List<byte[]> e = c.extensions;
    int ku = draws.draw();
    if (ku >= 20) {
      e.add(ext("2.5.29.15", true, DerWriter.bitString(7, new byte[] {(byte) 0x80})));
    } else if (ku < 5) {
      notes.add("ku=certsign");
      e.add(ext("2.5.29.15", true, DerWriter.bitString(2, new byte[] {0x04})));
    } else if (ku < 7) {
      notes.add("ku=nonzero-padding");
      e.add(ext("2.5.29.15", true, DerWriter.bitString(7, new byte[] {(byte) 0x81})));
    } else if (ku < 8) {
      notes.add("ku=empty");
      e.add(ext("2.5.29.15", true, DerWriter.bitString(0, new byte[0])));
    } else {
      notes.add("ku=none");
    }
    int bc = draws.draw();
    if (bc >= 30) {
      e.add(ext("2.5.29.19", true, DerWriter.seq()));
    } else if (bc < 4) {
      notes.add("bc=explicit-false");
      e.add(ext("2.5.29.19", true, DerWriter.seq(DerWriter.bool(false))));
    } else if (bc < 7) {
      notes.add("bc=ca");
      e.add(ext("2.5.29.19", true, DerWriter.seq(DerWriter.bool(true))));
    } else if (bc < 9) {
      notes.add("bc=pathlen-leaf");
      e.add(ext("2.5.29.19", false, DerWriter.seq(DerWriter.integer(2))));
    } else if (bc < 10) {
      notes.add("bc=bool-01");
      e.add(ext("2.5.29.19", true, DerWriter.seq(DerWriter.tlv(0x01, new byte[] {1}))));
    } else if (bc < 11) {
      notes.add("bc=trailing");
      e.add(ext("2.5.29.19", true, concat(DerWriter.seq(), new byte[] {5, 0})));
    } else {
      notes.add("bc=none");
    }
    if (!draws.mutation(5)) {
      e.add(ext("2.5.29.14", draws.mutation(2) ? markCritical(notes, "ski") : false,
          DerWriter.octets(sha256(c.publicKeyInfo))));
    } else {
      notes.add("ski=none");
    }
    if (issuer.subjectKeyId() != null && !draws.mutation(5)) {
      e.add(ext("2.5.29.35", draws.mutation(2) ? markCritical(notes, "aki") : false,
          DerWriter.seq(DerWriter.tlv(0x80, issuer.subjectKeyId()))));
    }
    if (draws.mutating() ? draws.chance(40) : draws.chance(10)) {
      e.add(ext("2.5.29.17", draws.mutation(5) ? markCritical(notes, "san") : false, sans(notes)));
    }
    int eku = draws.draw();
    if (eku < 12) {
      String[] p = draws.pick(new String[][] {{SERVER_AUTH}, {CLIENT_AUTH}, {ANY_EKU},
          {CLIENT_AUTH, SERVER_AUTH}, {CODE_SIGNING}, {"1.2.3.4"}, {}});
      notes.add("eku=" + String.join("+", p));
      e.add(ext("2.5.29.37", draws.chance(10), ekuValue(p)));
    }
    if (draws.mutation(4)) {
      policyExtensions(e);
      notes.add("policies");
    }
    if (draws.mutation(2)) {
      notes.add("unknown-critical");
      e.add(ext("1.2.3.4.5.6.7.8", true, DerWriter.nul()));
    }
    if (draws.mutation(3)) {
      notes.add("unknown-noncritical");
      e.add(ext("1.3.6.1.4.1.99999.1", false, DerWriter.ascii(0x0c, "x")));
    }
    if (draws.mutation(1)) {
      notes.add("duplicate-extension");
      e.add(ext("1.3.6.1.4.1.99999.2", false, DerWriter.nul()));
      e.add(ext("1.3.6.1.4.1.99999.2", false, DerWriter.nul()));
    }
    if (draws.mutation(2)) {
      notes.add("critical-explicit-false");
      e.add(DerWriter.seq(DerWriter.oid("1.3.6.1.4.1.99999.3"), DerWriter.bool(false),
          DerWriter.octets(DerWriter.nul())));
    }
    if (draws.mutation(1)) {
      notes.add("aia-critical");
      e.add(ext("1.3.6.1.5.5.7.1.1", true, DerWriter.seq()));
    }
    if (draws.mutation(1)) {
      notes.add("crldp");
      e.add(ext("2.5.29.31", false, DerWriter.seq(DerWriter.seq(DerWriter.tlv(0xA0,
          DerWriter.tlv(0xA0, DerWriter.ascii(0x86, "http://crl.example.com/x.crl")))))));
    }
    if (draws.mutation(1)) {
      notes.add("oid-arc-2^31");
      e.add(ext("1.3.6.1.4.1.2147483648", false, DerWriter.nul()));
    }
  }


  private static final String[] DNS = {"peer0.example.com", ".example.com", "example.com.",
      "a..example.com", "", "*.example.com", "EXAMPLE.COM", "ex ample.com", "-a.example.com",
      "a_b.example.com", "localhost", "x.org"};
  private static final String[] EMAILS = {"user@example.com", "user@.example.com", "\"q u\"@example.com",
      ".user@example.com", "user", "user@EXAMPLE.COM", "us..er@example.com", "user@x.org"};
  private static final String[] URIS = {"https://example.com/p", "https://.example.com/",
      "spiffe://example.com/w", "https://[::1]/", "https://10.0.0.1/", "urn:uuid:1", "http://a..b/",
      "https://exa%20mple.com/", ":foo", "https://a.example.com:8443:1/", "https://x.org/"};
  private static final byte[][] IPS = {{10, 1, 2, 3}, {(byte) 192, (byte) 168, 1, 1},
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, {10, 1, 2}, {}};

  private byte[] sans(List<String> notes) {
    int n = draws.weighted(0, 5, 1, 60, 2, 25, 3, 10);
    List<byte[]> names = new ArrayList<>();
    if (!draws.mutating()) {
      notes.add("san-dns=peer0.example.com");
      return DerWriter.seq(DerWriter.ascii(0x82, "peer0.example.com"));
    }
    for (int i = 0; i < n; i++) {
      int t = draws.random().nextInt(100);
      if (t < 40) {
        String v = draws.pick(DNS);
        notes.add("san-dns=" + v);
        names.add(DerWriter.ascii(0x82, v));
      } else if (t < 60) {
        String v = draws.pick(EMAILS);
        notes.add("san-email=" + v);
        names.add(DerWriter.ascii(0x81, v));
      } else if (t < 80) {
        String v = draws.pick(URIS);
        notes.add("san-uri=" + v);
        names.add(DerWriter.ascii(0x86, v));
      } else if (t < 92) {
        byte[] v = IPS[draws.random().nextInt(IPS.length)];
        notes.add("san-ip=" + v.length);
        names.add(DerWriter.tlv(0x87, v));
      } else if (t < 95) {
        notes.add("san-dirname");
        names.add(DerWriter.tlv(0xA4, name(DerWriter.set(attr(CN, 0x13, "dir")))));
      } else if (t < 98) {
        notes.add("san-othername");
        names.add(DerWriter.tlv(0xA0, DerWriter.oid("1.3.6.1.4.1.99999.9"),
            DerWriter.tlv(0xA0, DerWriter.ascii(0x0c, "other"))));
      } else if (t < 99) {
        notes.add("san-high-tag");
        names.add(new byte[] {(byte) 0x9f, 0x21, 0x01, 0x61});
      } else {
        notes.add("san-dns-non-ia5");
        names.add(DerWriter.tlv(0x82, "caf\u00e9.example.com".getBytes(StandardCharsets.ISO_8859_1)));
      }
    }
    return DerWriter.seq(names.toArray(new byte[0][]));
  }

  private static final String[] DNS_CONSTRAINTS = {"example.com", ".example.com", "x.org", "",
      "..example.com", "example.com."};
  private static final String[] EMAIL_CONSTRAINTS = {"example.com", ".example.com",
      "user@example.com", "@example.com"};
  private static final String[] URI_CONSTRAINTS = {"example.com", ".example.com", "10.0.0.1"};
  private static final byte[][] IP_CONSTRAINTS = {{10, 0, 0, 0, (byte) 255, 0, 0, 0},
      {(byte) 192, (byte) 168, 0, 0, (byte) 255, (byte) 255, 0, 0}, {10, 0, 0, 0, (byte) 255, 0, (byte) 255, 0}};

  byte[] nameConstraints() {
    List<byte[]> permitted = new ArrayList<>();
    List<byte[]> excluded = new ArrayList<>();
    int n = 1 + draws.random().nextInt(3);
    for (int i = 0; i < n; i++) {
      List<byte[]> list = draws.chance(65) ? permitted : excluded;
      int t = draws.random().nextInt(100);
      byte[] base;
      if (t < 45) {
        base = DerWriter.ascii(0x82, draws.pick(DNS_CONSTRAINTS));
      } else if (t < 65) {
        base = DerWriter.ascii(0x81, draws.pick(EMAIL_CONSTRAINTS));
      } else if (t < 80) {
        base = DerWriter.ascii(0x86, draws.pick(URI_CONSTRAINTS));
      } else if (t < 95) {
        base = DerWriter.tlv(0x87, IP_CONSTRAINTS[draws.random().nextInt(IP_CONSTRAINTS.length)]);
      } else {
        base = DerWriter.tlv(0xA4, name(DerWriter.set(attr(O, 0x13, "Org" + seed))));
      }
      list.add(DerWriter.seq(base));
    }
    List<byte[]> parts = new ArrayList<>();
    if (!permitted.isEmpty()) {
      parts.add(DerWriter.tlv(0xA0, permitted.toArray(new byte[0][])));
    }
    if (!excluded.isEmpty()) {
      parts.add(DerWriter.tlv(0xA1, excluded.toArray(new byte[0][])));
    }
    return DerWriter.seq(parts.toArray(new byte[0][]));
  }

  void policyExtensions(List<byte[]> e) {
    int p = draws.random().nextInt(5);
    switch (p) {
      case 0 -> e.add(ext("2.5.29.32", draws.chance(50),
          DerWriter.seq(DerWriter.seq(DerWriter.oid("2.5.29.32.0")))));
      case 1 -> e.add(ext("2.5.29.32", draws.chance(50),
          DerWriter.seq(DerWriter.seq(DerWriter.oid("1.3.6.1.4.1.99999.7")))));
      case 2 -> e.add(ext("2.5.29.36", true, DerWriter.seq(DerWriter.tlv(0x80, new byte[] {0}))));
      case 3 -> e.add(ext("2.5.29.54", true, DerWriter.integer(0)));
      default -> e.add(ext("2.5.29.33", true, DerWriter.seq(DerWriter.seq(
          DerWriter.oid("1.3.6.1.4.1.99999.7"), DerWriter.oid("1.3.6.1.4.1.99999.8")))));
    }
  }

  private void versionMutation(RawCertificate c, List<String> notes) {
    int v = draws.draw();
    if (v < 2) {
      notes.add("version=1");
      c.version = null;
      c.withoutExtensions = true;
    } else if (v < 3) {
      notes.add("version=1-with-extensions");
      c.version = null;
    } else if (v < 4) {
      notes.add("version=explicit-v1");
      c.version = DerWriter.tlv(0xA0, DerWriter.integer(0));
      c.withoutExtensions = true;
    } else if (v < 5) {
      notes.add("version=4");
      c.version = DerWriter.tlv(0xA0, DerWriter.integer(3));
    } else if (v < 6) {
      notes.add("version=2");
      c.version = DerWriter.tlv(0xA0, DerWriter.integer(1));
    }
  }

  private void derMutation(RawCertificate c, List<String> notes) {
    int d = draws.draw();
    if (d >= 5 && d < 7) {
      notes.add("unique-ids");
      c.uniqueIds = DerWriter.tlv(0x81, new byte[] {0, 1});
    } else if (d >= 7 && d < 8) {
      notes.add("unique-id-bad-padding");
      c.uniqueIds = DerWriter.tlv(0x82, new byte[] {3, (byte) 0xab});
    } else if (d < 1) {
      notes.add("der=long-length-subject");
      byte[] subject = c.subject;
      c.subject = DerWriter.tlvLongLength(0x30, java.util.Arrays.copyOfRange(subject,
          headerLength(subject), subject.length));
    } else if (d < 2) {
      notes.add("der=trailing-bytes");
      c.trailing = new byte[] {0, 0};
    } else if (d < 3) {
      notes.add("der=bool-critical-01");
      c.extensions.add(DerWriter.seq(DerWriter.oid("1.3.6.1.4.1.99999.4"),
          DerWriter.tlv(0x01, new byte[] {1}), DerWriter.octets(DerWriter.nul())));
    } else if (d < 4) {
      notes.add("der=oid-non-minimal");
      c.extensions.add(DerWriter.seq(DerWriter.tlv(0x06, new byte[] {0x2b, (byte) 0x80, 0x06}),
          DerWriter.octets(DerWriter.nul())));
    } else if (d < 5) {
      notes.add("der=ext-value-trailing");
      c.extensions.add(ext("1.3.6.1.4.1.99999.5", false, concat(DerWriter.nul(), new byte[] {0})));
    }
  }


  byte[] pemMutation(byte[] der, List<String> notes) {
    int p = draws.draw();
    String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
        .encodeToString(der);
    String std = "-----BEGIN CERTIFICATE-----\n" + body + "\n-----END CERTIFICATE-----\n";
    String out = std;
    if (p < 2) {
      notes.add("pem=crlf");
      out = std.replace("\n", "\r\n");
    } else if (p < 3) {
      notes.add("pem=leading-text");
      out = "subject=whatever\n" + std;
    } else if (p < 4) {
      notes.add("pem=headers");
      out = "-----BEGIN CERTIFICATE-----\nProc-Type: 4,ENCRYPTED\n\n" + body
          + "\n-----END CERTIFICATE-----\n";
    } else if (p < 5) {
      notes.add("pem=other-type");
      out = std.replace("CERTIFICATE", "X509 CERTIFICATE");
    } else if (p < 6) {
      notes.add("pem=one-line");
      out = "-----BEGIN CERTIFICATE-----\n" + Base64.getEncoder().encodeToString(der)
          + "\n-----END CERTIFICATE-----\n";
    } else if (p < 7) {
      notes.add("pem=two-blocks");
      out = std + std;
    } else if (p < 8) {
      notes.add("pem=no-final-newline");
      out = std.substring(0, std.length() - 1);
    } else if (p < 9) {
      notes.add("pem=mismatched-end");
      out = std.replace("END CERTIFICATE", "END CERT");
    } else if (p < 10) {
      notes.add("pem=spaces-in-body");
      out = "-----BEGIN CERTIFICATE-----\n" + body.replace("\n", " \n") + "\n-----END CERTIFICATE-----\n";
    }
    return out.getBytes(StandardCharsets.US_ASCII);
  }

}
