package io.msp4j.testdata.differential;

import static io.msp4j.testdata.differential.Encodings.*;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Subjects of corpus identities: OUs that match the NodeOU strings or differ from them slightly,
 * multi-valued RDNs, and every ASN.1 string type with valid and invalid contents.
 */
final class SubjectStrings {
  private final long seed;
  private final Draws draws;

  SubjectStrings(long seed, Draws draws) {
    this.seed = seed;
    this.draws = draws;
  }

  private static final String[] ROLE_OUS = {"client", "peer", "admin", "orderer", "org1"};
  private static final String[] ODD_OUS = {"Client", "client ", "cli*ent", "PEER", "", "\u00fcnit",
      "\u6f22\u5b57", "\ud83d\ude00emoji", "a_b", "org1/x", "client\u0000"};

  byte[] subject(List<String> notes) {
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
}
