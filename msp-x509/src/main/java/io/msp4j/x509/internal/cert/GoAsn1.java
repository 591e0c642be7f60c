package io.msp4j.x509.internal.cert;

import java.math.BigInteger;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * The element-level rules of Go's {@code encoding/asn1} reader, for structures Fabric decodes with
 * it (CRLs, the authority key identifier of a CRL): tag and length headers in DER form, minimal
 * INTEGERs, strict BOOLEANs, BIT STRING padding, OID arcs, time and string formats. Structure
 * (which element is expected where, optional fields) is left to the caller. Every violation is a
 * {@link Asn1Exception} whose message follows Go's.
 */
public final class GoAsn1 {
  public static final int CLASS_UNIVERSAL = 0;
  public static final int CLASS_CONTEXT = 2;

  public static final int TAG_BOOLEAN = 1;
  public static final int TAG_INTEGER = 2;
  public static final int TAG_BIT_STRING = 3;
  public static final int TAG_OCTET_STRING = 4;
  public static final int TAG_OID = 6;
  public static final int TAG_UTF8_STRING = 12;
  public static final int TAG_SEQUENCE = 16;
  public static final int TAG_SET = 17;
  public static final int TAG_NUMERIC_STRING = 18;
  public static final int TAG_PRINTABLE_STRING = 19;
  public static final int TAG_T61_STRING = 20;
  public static final int TAG_IA5_STRING = 22;
  public static final int TAG_UTC_TIME = 23;
  public static final int TAG_GENERALIZED_TIME = 24;
  public static final int TAG_BMP_STRING = 30;

  private GoAsn1() {}

  /** A malformed element. */
  public static final class Asn1Exception extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Asn1Exception(String message) {
      super("asn1: " + message, null, false, false);
    }
  }

  /**
   * One element header: class, constructed bit, tag number, the offset of its contents and their
   * length, and the offset of the element's first byte.
   */
  public record Header(int cls, boolean compound, int tag, int start, int contentStart, int length) {
    /** Offset just after the element. */
    public int end() {
      return contentStart + length;
    }

    /** Whether this is a universal element with this tag and form. */
    public boolean is(int universalTag, boolean constructed) {
      return cls == CLASS_UNIVERSAL && tag == universalTag && compound == constructed;
    }
  }

  /** Go's parseTagAndLength at {@code offset} of {@code b}. */
  public static Header header(byte[] b, int offset) {
    return header(b, offset, b.length);
  }

  /**
   * {@link #header(byte[], int)} for an element inside {@code b[.., limit)}, read as if the bytes
   * ended at {@code limit}; the offsets of the result are those of {@code b}.
   */
  public static Header header(byte[] b, int offset, int limit) {
    if (offset >= limit) {
      throw new Asn1Exception("syntax error: sequence truncated");
    }
    int start = offset;
    int first = b[offset++] & 0xff;
    int cls = first >> 6;
    boolean compound = (first & 0x20) != 0;
    int tag = first & 0x1f;
    if (tag == 0x1f) {
      long t = 0;
      int shifted = 0;
      while (true) {
        if (offset >= limit) {
          throw new Asn1Exception("syntax error: truncated base 128 integer");
        }
        if (shifted == 5) {
          throw new Asn1Exception("structural error: base 128 integer too large");
        }
        int c = b[offset++] & 0xff;
        if (shifted == 0 && c == 0x80) {
          throw new Asn1Exception("syntax error: integer is not minimally encoded");
        }
        t = (t << 7) | (c & 0x7f);
        shifted++;
        if ((c & 0x80) == 0) {
          break;
        }
      }
      if (t > Integer.MAX_VALUE) {
        throw new Asn1Exception("structural error: base 128 integer too large");
      }
      tag = (int) t;
      if (tag < 0x1f) {
        throw new Asn1Exception("syntax error: non-minimal tag");
      }
    }
    if (offset >= limit) {
      throw new Asn1Exception("syntax error: truncated tag or length");
    }
    int l = b[offset++] & 0xff;
    int length;
    if ((l & 0x80) == 0) {
      length = l;
    } else {
      int n = l & 0x7f;
      if (n == 0) {
        throw new Asn1Exception("syntax error: indefinite length found (not DER)");
      }
      length = 0;
      for (int i = 0; i < n; i++) {
        if (offset >= limit) {
          throw new Asn1Exception("syntax error: truncated tag or length");
        }
        int c = b[offset++] & 0xff;
        if (length >= 1 << 23) {
          throw new Asn1Exception("structural error: length too large");
        }
        length = (length << 8) | c;
        if (length == 0) {
          throw new Asn1Exception("structural error: superfluous leading zeros in length");
        }
      }
      if (length < 0x80) {
        throw new Asn1Exception("structural error: non-minimal length");
      }
    }
    return new Header(cls, compound, tag, start, offset, length);
  }

  /** {@link #header} followed by Go's check that the contents fit in {@code b}. */
  public static Header element(byte[] b, int offset) {
    return element(b, offset, b.length);
  }

  /** {@link #header(byte[], int, int)} followed by the check that the contents fit. */
  public static Header element(byte[] b, int offset, int limit) {
    Header h = header(b, offset, limit);
    if ((long) h.contentStart() + h.length() > limit) {
      throw new Asn1Exception("syntax error: data truncated");
    }
    return h;
  }

  /** The contents of an element. */
  public static byte[] contents(byte[] b, Header h) {
    return java.util.Arrays.copyOfRange(b, h.contentStart(), h.end());
  }

  /** The whole element, header included. */
  public static byte[] raw(byte[] b, Header h) {
    return java.util.Arrays.copyOfRange(b, h.start(), h.end());
  }

  private static void checkInteger(byte[] v) {
    if (v.length == 0) {
      throw new Asn1Exception("structural error: empty integer");
    }
    if (v.length > 1
        && ((v[0] == 0 && (v[1] & 0x80) == 0) || (v[0] == (byte) 0xff && (v[1] & 0x80) != 0))) {
      throw new Asn1Exception("structural error: integer not minimally-encoded");
    }
  }

  /** An INTEGER of any size. */
  public static BigInteger bigInteger(byte[] v) {
    checkInteger(v);
    return new BigInteger(v);
  }

  /** An INTEGER that must fit in 64 bits. */
  public static long int64(byte[] v) {
    checkInteger(v);
    if (v.length > 8) {
      throw new Asn1Exception("structural error: integer too large");
    }
    return new BigInteger(v).longValue();
  }

  /** A BOOLEAN: exactly one byte, 0x00 or 0xff. */
  public static boolean bool(byte[] v) {
    if (v.length != 1) {
      throw new Asn1Exception("syntax error: invalid boolean");
    }
    if (v[0] == 0) {
      return false;
    }
    if (v[0] == (byte) 0xff) {
      return true;
    }
    throw new Asn1Exception("syntax error: invalid boolean");
  }

    /**
   * {@link #oid(byte[])} of the contents of the OBJECT IDENTIFIER element {@code h} of {@code b},
   * without copying them; the usual OIDs come from a table of their dotted forms.
   */
  public static String oid(byte[] b, Header h) {
    String known = KnownOids.lookup(b, h.contentStart(), h.length());
    return known != null ? known : oid(contents(b, h));
  }

/** An OBJECT IDENTIFIER in dotted form; arcs beyond 31 bits are refused, as in Go. */
  public static String oid(byte[] v) {
    if (v.length == 0) {
      throw new Asn1Exception("syntax error: zero length OBJECT IDENTIFIER");
    }
    StringBuilder s = new StringBuilder();
    int offset = 0;
    boolean first = true;
    while (offset < v.length) {
      long value = 0;
      int shifted = 0;
      while (true) {
        if (offset >= v.length) {
          throw new Asn1Exception("syntax error: truncated base 128 integer");
        }
        if (shifted == 5) {
          throw new Asn1Exception("structural error: base 128 integer too large");
        }
        int c = v[offset++] & 0xff;
        if (shifted == 0 && c == 0x80) {
          throw new Asn1Exception("syntax error: integer is not minimally encoded");
        }
        value = (value << 7) | (c & 0x7f);
        shifted++;
        if ((c & 0x80) == 0) {
          break;
        }
      }
      if (value > Integer.MAX_VALUE) {
        throw new Asn1Exception("structural error: base 128 integer too large");
      }
      if (first) {
        if (value < 80) {
          s.append(value / 40).append('.').append(value % 40);
        } else {
          s.append(2).append('.').append(value - 80);
        }
        first = false;
      } else {
        s.append('.').append(value);
      }
    }
    return s.toString();
  }

  /**
   * A BIT STRING, returned right-aligned as Go's {@code BitString.RightAlign} does: the padding
   * count must be at most 7, zero for an empty string, and the padding bits must be zero.
   */
  public static byte[] bitStringRightAligned(byte[] v) {
    if (v.length == 0) {
      throw new Asn1Exception("syntax error: zero length BIT STRING");
    }
    int padding = v[0] & 0xff;
    if (padding > 7
        || (v.length == 1 && padding > 0)
        || (v[v.length - 1] & ((1 << padding) - 1)) != 0) {
      throw new Asn1Exception("syntax error: invalid padding bits in BIT STRING");
    }
    byte[] bytes = java.util.Arrays.copyOfRange(v, 1, v.length);
    if (padding == 0 || bytes.length == 0) {
      return bytes;
    }
    byte[] a = new byte[bytes.length];
    a[0] = (byte) ((bytes[0] & 0xff) >>> padding);
    for (int i = 1; i < bytes.length; i++) {
      a[i] = (byte) (((bytes[i - 1] & 0xff) << (8 - padding)) | ((bytes[i] & 0xff) >>> padding));
    }
    return a;
  }

  /** UTCTime as encoding/asn1 reads it (minutes or seconds, "Z" or a ±hhmm offset). */
  public static void utcTime(byte[] v) {
    String s = new String(v, StandardCharsets.ISO_8859_1);
    if (!fixedTime(s, 10, 2, false) && !fixedTime(s, 12, 2, false)) {
      throw new Asn1Exception("time did not serialize back to the original value: " + s);
    }
  }

  /**
   * Whether {@code b[off, off + 13)} is a UTCTime in its usual form {@code YYMMDDHHMMSSZ} naming a
   * real date and time, which {@link #utcTime} accepts. False says nothing: the value may still be
   * valid in another form, so the caller then asks {@link #utcTime}.
   */
  public static boolean isPlainUtcTime(byte[] b, int off) {
    if (b[off + 12] != 'Z') {
      return false;
    }
    for (int i = off; i < off + 12; i++) {
      if (b[i] < '0' || b[i] > '9') {
        return false;
      }
    }
    int yy = twoDigits(b, off);
    int month = twoDigits(b, off + 2);
    int day = twoDigits(b, off + 4);
    if (month < 1 || month > 12 || day < 1
        || twoDigits(b, off + 6) > 23 || twoDigits(b, off + 8) > 59 || twoDigits(b, off + 10) > 59) {
      return false;
    }
    int year = yy + (yy >= 69 ? 1900 : 2000);
    int days = switch (month) {
      case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
    return day <= days;
  }

  private static int twoDigits(byte[] b, int off) {
    return (b[off] - '0') * 10 + (b[off + 1] - '0');
  }

  /** GeneralizedTime as encoding/asn1 reads it (seconds, optional fraction, "Z" or ±hhmm). */
  public static void generalizedTime(byte[] v) {
    String s = new String(v, StandardCharsets.ISO_8859_1);
    if (!fixedTime(s, 14, 4, true)) {
      throw new Asn1Exception("time did not serialize back to the original value: " + s);
    }
  }

  /** Digits, an optional fraction without trailing zeros, then "Z" or a non-zero ±hhmm. */
  private static boolean fixedTime(String s, int digits, int yearDigits, boolean fraction) {
    if (s.length() < digits + 1) {
      return false;
    }
    for (int i = 0; i < digits; i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    int pos = digits;
    if (fraction && s.charAt(pos) == '.') {
      int f = pos + 1;
      while (f < s.length() && s.charAt(f) >= '0' && s.charAt(f) <= '9') {
        f++;
      }
      int n = f - pos - 1;
      if (n == 0 || n > 9 || s.charAt(f - 1) == '0') {
        return false;
      }
      pos = f;
    }
    String zone = s.substring(pos);
    int offsetSeconds;
    if (zone.equals("Z")) {
      offsetSeconds = 0;
    } else if (zone.length() == 5 && (zone.charAt(0) == '+' || zone.charAt(0) == '-')) {
      for (int i = 1; i < 5; i++) {
        if (zone.charAt(i) < '0' || zone.charAt(i) > '9') {
          return false;
        }
      }
      int hh = number(zone, 1, 3);
      int mm = number(zone, 3, 5);
      if (hh > 24 || mm > 59) {
        return false;
      }
      offsetSeconds = hh * 3600 + mm * 60;
      if (offsetSeconds == 0) {
        return false;
      }
    } else {
      return false;
    }
    int year = number(s, 0, yearDigits);
    int p = yearDigits;
    int month = number(s, p, p + 2);
    int day = number(s, p + 2, p + 4);
    int hour = number(s, p + 4, p + 6);
    int minute = number(s, p + 6, p + 8);
    int second = digits - yearDigits == 10 ? number(s, p + 8, p + 10) : 0;
    if (yearDigits == 2) {
      year += year >= 69 ? 1900 : 2000;
    }
    try {
      LocalDateTime.of(year, month, day, hour, minute, second);
      ZoneOffset.ofTotalSeconds(offsetSeconds);
      return true;
    } catch (DateTimeException e) {
      return false;
    }
  }

  /** The decimal value of {@code s[from, to)}, whose characters were checked to be digits. */
  private static int number(String s, int from, int to) {
    int n = 0;
    for (int i = from; i < to; i++) {
      n = n * 10 + (s.charAt(i) - '0');
    }
    return n;
  }

  /**
   * Checks a string-typed value the way encoding/asn1 does for an ANY field: PrintableString,
   * NumericString, IA5String, UTF8String and BMPString are validated; other types pass.
   */
  public static void checkString(int tag, byte[] v) {
    switch (tag) {
      case TAG_PRINTABLE_STRING -> {
        for (byte b : v) {
          if (!printable(b)) {
            throw new Asn1Exception("syntax error: PrintableString contains invalid character");
          }
        }
      }
      case TAG_NUMERIC_STRING -> {
        for (byte b : v) {
          if (!((b >= '0' && b <= '9') || b == ' ')) {
            throw new Asn1Exception("syntax error: NumericString contains invalid character");
          }
        }
      }
      case TAG_IA5_STRING -> {
        for (byte b : v) {
          if ((b & 0x80) != 0) {
            throw new Asn1Exception("syntax error: IA5String contains invalid character");
          }
        }
      }
      case TAG_UTF8_STRING -> {
        try {
          StandardCharsets.UTF_8.newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(v));
        } catch (CharacterCodingException e) {
          throw new Asn1Exception("syntax error: invalid UTF-8 string");
        }
      }
      case TAG_BMP_STRING -> {
        if (v.length % 2 != 0) {
          throw new Asn1Exception("syntax error: invalid BMPString");
        }
      }
      default -> {
        // T61String and others are taken as they are
      }
    }
  }

  /**
   * Go's PrintableString alphabet as encoding/asn1 checks it: letters, digits, space and
   * {@code '()+,-./:=?}, plus {@code *} and {@code &} which Go tolerates when reading.
   */
  private static boolean printable(byte b) {
    return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')
        || " '()+,-./:=?*&".indexOf(b) >= 0;
  }
}
