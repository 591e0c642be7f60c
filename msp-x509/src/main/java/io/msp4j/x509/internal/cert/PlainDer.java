package io.msp4j.x509.internal.cert;

/**
 * A conservative test that a DER element would pass the reference parse's first gate (Bouncy
 * Castle reads the whole tree and it encodes back to the same bytes): true only when every
 * element, at every depth outside primitive contents, is in a form known to pass that gate.
 * Minimal definite lengths, low tag numbers, SEQUENCE and SET constructed, context-specific tags
 * in either form, and the universal primitives below with contents Bouncy Castle accepts and
 * keeps verbatim. False means "not known": the caller then asks the reference parse, so a false
 * here never refuses anything.
 */
final class PlainDer {
  private static final int MAX_DEPTH = 32;
  /** Longer OIDs are legal, but none is expected; they go to the reference parse. */
  private static final int MAX_OID_BYTES = 64;

  private PlainDer() {}

  /** Whether {@code der} is exactly one element in known-plain form. */
  static boolean isPlain(byte[] der) {
    return der.length > 0 && element(der, 0, der.length, 0) == der.length;
  }

  /**
   * Checks the element at {@code pos}, which must end by {@code limit}; returns the offset after
   * it, or -1 when it is not known-plain. Reads headers in place (no objects: this runs on every
   * certificate).
   */
  private static int element(byte[] b, int pos, int limit, int depth) {
    if (depth > MAX_DEPTH || limit - pos < 2) {
      return -1;
    }
    int identifier = b[pos] & 0xff;
    if ((identifier & 0x1f) == 0x1f) {
      return -1; // high tag number form
    }
    int first = b[pos + 1] & 0xff;
    int contentStart = pos + 2;
    int length;
    if (first < 0x80) {
      length = first;
    } else {
      // long form: 1 to 3 octets, no leading zero, and needed (at least 0x80)
      int n = first & 0x7f;
      if (n == 0 || n > 3 || limit - contentStart < n || b[contentStart] == 0) {
        return -1;
      }
      length = 0;
      for (int i = 0; i < n; i++) {
        length = (length << 8) | (b[contentStart + i] & 0xff);
      }
      if (length < 0x80) {
        return -1;
      }
      contentStart += n;
    }
    if (length > limit - contentStart) {
      return -1;
    }
    int end = contentStart + length;
    int cls = identifier >> 6;
    int tag = identifier & 0x1f;
    if ((identifier & 0x20) != 0) {
      boolean container = cls == GoAsn1.CLASS_CONTEXT
          || (cls == GoAsn1.CLASS_UNIVERSAL
              && (tag == GoAsn1.TAG_SEQUENCE || tag == GoAsn1.TAG_SET));
      if (!container) {
        return -1; // constructed strings (BER) and application/private classes
      }
      for (int p = contentStart; p < end; ) {
        p = element(b, p, end, depth + 1);
        if (p < 0) {
          return -1;
        }
      }
      return end;
    }
    if (cls == GoAsn1.CLASS_CONTEXT) {
      return end; // kept as an octet string of any contents
    }
    return cls == GoAsn1.CLASS_UNIVERSAL && plainPrimitive(b, tag, contentStart, length) ? end : -1;
  }

  private static boolean plainPrimitive(byte[] der, int tag, int off, int len) {
    return switch (tag) {
      case GoAsn1.TAG_BOOLEAN -> len == 1 && (der[off] == 0 || der[off] == (byte) 0xff);
      case GoAsn1.TAG_INTEGER -> minimalInteger(der, off, len);
      case GoAsn1.TAG_BIT_STRING -> len >= 1 && (der[off] == 0 || wholeBitString(der, off, len));
      case GoAsn1.TAG_OCTET_STRING, GoAsn1.TAG_UTF8_STRING, GoAsn1.TAG_PRINTABLE_STRING,
          GoAsn1.TAG_IA5_STRING, GoAsn1.TAG_NUMERIC_STRING, GoAsn1.TAG_T61_STRING -> true;
      case 5 -> len == 0; // NULL
      case GoAsn1.TAG_OID -> oid(der, off, len);
      case GoAsn1.TAG_BMP_STRING -> len % 2 == 0;
      case GoAsn1.TAG_UTC_TIME, GoAsn1.TAG_GENERALIZED_TIME -> PlainTime.isPlain(der, tag, off, len);
      default -> false;
    };
  }

  /** Non-empty and minimal two's complement, as both Go and Bouncy Castle require. */
  static boolean minimalInteger(byte[] b, int off, int len) {
    if (len == 0) {
      return false;
    }
    return len == 1
        || !((b[off] == 0 && (b[off + 1] & 0x80) == 0)
            || (b[off] == (byte) 0xff && (b[off + 1] & 0x80) != 0));
  }

  /** A BIT STRING with 1-7 unused bits: at least one content octet and the unused bits zero. */
  private static boolean wholeBitString(byte[] b, int off, int len) {
    int pad = b[off] & 0xff;
    return pad <= 7 && len >= 2 && (b[off + len - 1] & ((1 << pad) - 1)) == 0;
  }

  /**
   * OID contents Bouncy Castle and Go both read: non-empty, no sub-identifier starting with 0x80,
   * the last one complete, and every one below 2^31 (Go's limit).
   */
  static boolean oid(byte[] b, int off, int len) {
    if (len == 0 || len > MAX_OID_BYTES) {
      return false;
    }
    long value = 0;
    boolean start = true;
    for (int i = off; i < off + len; i++) {
      int c = b[i] & 0xff;
      if (start && c == 0x80) {
        return false;
      }
      value = (value << 7) | (c & 0x7f);
      if (value > Integer.MAX_VALUE) {
        return false;
      }
      start = (c & 0x80) == 0;
      if (start) {
        value = 0;
      }
    }
    return start;
  }
}
