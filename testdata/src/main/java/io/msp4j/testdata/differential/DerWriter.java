package io.msp4j.testdata.differential;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Writes DER elements byte by byte, so that a corpus can also hold encodings a normal encoder
 * refuses to produce (non-minimal lengths and integers, explicit defaults, raw string bytes).
 */
final class DerWriter {
  private DerWriter() {}

  static byte[] tlv(int tag, byte[]... parts) {
    ByteArrayOutputStream content = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      content.writeBytes(p);
    }
    byte[] c = content.toByteArray();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    out.writeBytes(length(c.length));
    out.writeBytes(c);
    return out.toByteArray();
  }

  /** A TLV whose length takes one more octet than needed (not DER). */
  static byte[] tlvLongLength(int tag, byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    byte[] len = length(content.length);
    if (content.length < 0x80) {
      out.write(0x81);
      out.write(content.length);
    } else {
      out.write(len[0] + 1);
      out.write(0);
      out.write(len, 1, len.length - 1);
    }
    out.writeBytes(content);
    return out.toByteArray();
  }

  static byte[] length(int n) {
    if (n < 0x80) {
      return new byte[] {(byte) n};
    }
    byte[] b = BigInteger.valueOf(n).toByteArray();
    int skip = b[0] == 0 ? 1 : 0;
    byte[] out = new byte[b.length - skip + 1];
    out[0] = (byte) (0x80 | (b.length - skip));
    System.arraycopy(b, skip, out, 1, b.length - skip);
    return out;
  }

  static byte[] seq(byte[]... parts) {
    return tlv(0x30, parts);
  }

  static byte[] set(byte[]... parts) {
    return tlv(0x31, parts);
  }

  static byte[] integer(BigInteger v) {
    return tlv(0x02, v.toByteArray());
  }

  static byte[] integer(long v) {
    return integer(BigInteger.valueOf(v));
  }

  static byte[] bool(boolean v) {
    return tlv(0x01, new byte[] {(byte) (v ? 0xff : 0)});
  }

  static byte[] octets(byte[] v) {
    return tlv(0x04, v);
  }

  static byte[] bitString(int unusedBits, byte[] v) {
    byte[] c = new byte[v.length + 1];
    c[0] = (byte) unusedBits;
    System.arraycopy(v, 0, c, 1, v.length);
    return tlv(0x03, c);
  }

  static byte[] nul() {
    return new byte[] {0x05, 0x00};
  }

  static byte[] ascii(int tag, String s) {
    return tlv(tag, s.getBytes(StandardCharsets.ISO_8859_1));
  }

  static byte[] oid(String dotted) {
    String[] arcs = dotted.split("\\.");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    base128(out, new BigInteger(arcs[0]).multiply(BigInteger.valueOf(40)).add(new BigInteger(arcs[1])));
    for (int i = 2; i < arcs.length; i++) {
      base128(out, new BigInteger(arcs[i]));
    }
    return tlv(0x06, out.toByteArray());
  }

  private static void base128(ByteArrayOutputStream out, BigInteger v) {
    int groups = Math.max(1, (v.bitLength() + 6) / 7);
    for (int g = groups - 1; g >= 0; g--) {
      int b = v.shiftRight(7 * g).intValue() & 0x7f;
      out.write(g == 0 ? b : b | 0x80);
    }
  }
}
