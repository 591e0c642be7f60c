package io.msp4j.x509.internal.cert;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;

/**
 * The dotted form of the object identifiers certificates usually carry (name attributes,
 * extensions, key and signature algorithms), found by their DER contents without building a
 * string: every certificate holds a dozen of them, and each would otherwise be decoded arc by arc
 * into a new string. An immutable table made once from the dotted forms; an OID not in it is
 * decoded as before ({@link GoAsn1#oid(byte[])}), and {@code KnownOidsTest} checks that both give
 * the same string for every entry.
 */
final class KnownOids {
  static final List<String> DOTTED = List.of(
      // name attributes
      "2.5.4.3", "2.5.4.5", "2.5.4.6", "2.5.4.7", "2.5.4.8", "2.5.4.9", "2.5.4.10", "2.5.4.11",
      "2.5.4.17", "1.2.840.113549.1.9.1", "0.9.2342.19200300.100.1.25",
      // extensions
      "2.5.29.14", "2.5.29.15", "2.5.29.17", "2.5.29.19", "2.5.29.30", "2.5.29.31", "2.5.29.32",
      "2.5.29.35", "2.5.29.37", "1.3.6.1.5.5.7.1.1", "1.2.3.4.5.6.7.8.1",
      // extended key usages
      "1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2", "2.5.29.37.0",
      // key algorithms and curves
      "1.2.840.10045.2.1", "1.2.840.10045.3.1.7", "1.3.132.0.33", "1.3.132.0.34", "1.3.132.0.35",
      "1.2.840.113549.1.1.1", "1.3.101.112",
      // signature algorithms
      "1.2.840.10045.4.3.2", "1.2.840.10045.4.3.3", "1.2.840.10045.4.3.4",
      "1.2.840.113549.1.1.11", "1.2.840.113549.1.1.12", "1.2.840.113549.1.1.13");

  /** An OID's DER contents and its dotted form. */
  private record Entry(byte[] encoding, String dotted) {}

  /** Entries by (contents length, last byte); a slot holds the few that share both. */
  private static final int MAX_LENGTH = 15;
  private static final Entry[][] SLOTS = new Entry[(MAX_LENGTH + 1) * 256][];

  static {
    for (String dotted : DOTTED) {
      byte[] enc = encode(dotted);
      int slot = slot(enc.length, enc[enc.length - 1]);
      Entry[] entries = SLOTS[slot] == null ? new Entry[0] : SLOTS[slot];
      Entry[] grown = Arrays.copyOf(entries, entries.length + 1);
      grown[entries.length] = new Entry(enc, dotted);
      SLOTS[slot] = grown;
    }
  }

  private KnownOids() {}

  /** The dotted form of the OID whose contents are {@code b[off, off + len)}, or null. */
  static String lookup(byte[] b, int off, int len) {
    if (len < 1 || len > MAX_LENGTH) {
      return null;
    }
    Entry[] entries = SLOTS[slot(len, b[off + len - 1])];
    if (entries != null) {
      for (Entry e : entries) {
        if (Arrays.equals(e.encoding(), 0, len, b, off, off + len)) {
          return e.dotted();
        }
      }
    }
    return null;
  }

  private static int slot(int length, byte last) {
    return (length << 8) | (last & 0xff);
  }

  /** The DER contents of a dotted OID (X.690 8.19): first two arcs as one, base 128 after. */
  static byte[] encode(String dotted) {
    String[] arcs = dotted.split("\\.");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    base128(out, Long.parseLong(arcs[0]) * 40 + Long.parseLong(arcs[1]));
    for (int i = 2; i < arcs.length; i++) {
      base128(out, Long.parseLong(arcs[i]));
    }
    return out.toByteArray();
  }

  private static void base128(ByteArrayOutputStream out, long value) {
    int groups = 1;
    while ((value >>> (7 * groups)) != 0) {
      groups++;
    }
    for (int g = groups - 1; g >= 0; g--) {
      int bits = (int) ((value >>> (7 * g)) & 0x7f);
      out.write(g == 0 ? bits : bits | 0x80);
    }
  }
}
