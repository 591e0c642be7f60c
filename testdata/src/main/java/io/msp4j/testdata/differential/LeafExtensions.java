package io.msp4j.testdata.differential;

import static io.msp4j.testdata.differential.Encodings.*;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Extensions of corpus identities (key usage, basic constraints, SKI, AKI, SANs of every type,
 * EKU, policies, unknown, duplicate and oddly encoded extensions) and the name-constraint and
 * policy extensions shared with the CAs.
 */
final class LeafExtensions {
  private final long seed;
  private final Draws draws;

  LeafExtensions(long seed, Draws draws) {
    this.seed = seed;
    this.draws = draws;
  }

  void extensions(RawCertificate c, RawCertificate.Issued issuer, List<String> notes) {
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
}
