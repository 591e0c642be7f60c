package io.msp4j.x509.internal.cert;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * UTCTime and GeneralizedTime with the strictness of Go's cryptobyte readers: the text must be
 * exactly what Go would print back (seconds present for GeneralizedTime, no fractions, "Z" or a
 * non-zero ±hhmm offset).
 */
final class GoTime {
  private GoTime() {}

  static Instant parse(byte[] tlv) {
    int tag = tlv[0] & 0xff;
    String s = new String(Der.contents(tlv), StandardCharsets.ISO_8859_1);
    Instant t;
    if (tag == 23) {
      t = parseUtc(s);
      if (t == null) {
        throw new CertificateParseException("x509: malformed UTCTime");
      }
    } else if (tag == 24) {
      t = parseGeneralized(s);
      if (t == null) {
        throw new CertificateParseException("x509: malformed GeneralizedTime");
      }
    } else {
      throw new CertificateParseException("x509: unsupported time format");
    }
    return t;
  }

  private static Instant parseUtc(String s) {
    // YYMMDDHHMM[SS](Z|±hhmm)
    for (int digits : new int[] {12, 10}) {
      Instant t = parseFixed(s, digits, 2);
      if (t != null) {
        return t;
      }
    }
    return null;
  }

  private static Instant parseGeneralized(String s) {
    return parseFixed(s, 14, 4);
  }

  private static Instant parseFixed(String s, int digits, int yearDigits) {
    if (s.length() < digits + 1) {
      return null;
    }
    for (int i = 0; i < digits; i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return null;
      }
    }
    String zone = s.substring(digits);
    int offsetSeconds;
    if (zone.equals("Z")) {
      offsetSeconds = 0;
    } else if (zone.length() == 5 && (zone.charAt(0) == '+' || zone.charAt(0) == '-')
        && allDigits(zone.substring(1))) {
      int hh = Integer.parseInt(zone.substring(1, 3));
      int mm = Integer.parseInt(zone.substring(3, 5));
      if (hh > 24 || mm > 59) {
        return null;
      }
      offsetSeconds = (hh * 3600 + mm * 60) * (zone.charAt(0) == '-' ? -1 : 1);
      if (offsetSeconds == 0) {
        return null; // Go prints a zero offset as "Z", so "+0000" does not round-trip
      }
    } else {
      return null;
    }
    int pos = 0;
    int year = Integer.parseInt(s.substring(0, yearDigits));
    pos += yearDigits;
    if (yearDigits == 2) {
      year += year >= 50 ? 1900 : 2000;
    }
    int month = Integer.parseInt(s.substring(pos, pos + 2));
    int day = Integer.parseInt(s.substring(pos + 2, pos + 4));
    int hour = Integer.parseInt(s.substring(pos + 4, pos + 6));
    int minute = Integer.parseInt(s.substring(pos + 6, pos + 8));
    int second = digits - yearDigits == 10 ? Integer.parseInt(s.substring(pos + 8, pos + 10)) : 0;
    try {
      LocalDateTime ldt = LocalDateTime.of(year, month, day, hour, minute, second);
      return ldt.toInstant(ZoneOffset.ofTotalSeconds(offsetSeconds));
    } catch (DateTimeException e) {
      return null;
    }
  }

  private static boolean allDigits(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }
}
