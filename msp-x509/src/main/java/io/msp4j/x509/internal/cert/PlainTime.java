package io.msp4j.x509.internal.cert;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * The usual forms of certificate times, {@code YYMMDDHHMMSSZ} (UTCTime) and {@code
 * YYYYMMDDHHMMSSZ} (GeneralizedTime) naming a real date and time: Bouncy Castle, Go and {@link
 * GoTime} all accept these. Other forms may be valid too; {@link #isPlain} then says false and
 * the reference parse decides.
 */
final class PlainTime {
  private PlainTime() {}

  /** Whether the element {@code h} is a time in its usual form naming a real date and time. */
  static boolean isPlain(byte[] der, GoAsn1.Header h) {
    return h.cls() == GoAsn1.CLASS_UNIVERSAL && !h.compound()
        && isPlain(der, h.tag(), h.contentStart(), h.length());
  }

  /** The same for a primitive universal element of tag {@code tag} and contents {@code [off, off + len)}. */
  static boolean isPlain(byte[] der, int tag, int off, int len) {
    if (tag == GoAsn1.TAG_UTC_TIME) {
      return len == 13 && GoAsn1.isPlainUtcTime(der, off);
    }
    if (tag != GoAsn1.TAG_GENERALIZED_TIME || len != 15 || der[off + 14] != 'Z') {
      return false;
    }
    for (int i = off; i < off + 14; i++) {
      if (der[i] < '0' || der[i] > '9') {
        return false;
      }
    }
    int year = twoDigits(der, off) * 100 + twoDigits(der, off + 2);
    int month = twoDigits(der, off + 4);
    int day = twoDigits(der, off + 6);
    if (month < 1 || month > 12 || day < 1 || twoDigits(der, off + 8) > 23
        || twoDigits(der, off + 10) > 59 || twoDigits(der, off + 12) > 59) {
      return false;
    }
    int days = switch (month) {
      case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
    return day <= days;
  }

  /**
   * The instant of a time {@link #isPlain} accepted, as {@link GoTime#parse} reads it (two-digit
   * years from 1950 to 2049, UTC) without its text copies.
   */
  static Instant instant(byte[] der, GoAsn1.Header h) {
    int off = h.contentStart();
    int year;
    if (h.tag() == GoAsn1.TAG_UTC_TIME) {
      int yy = twoDigits(der, off);
      year = yy + (yy >= 50 ? 1900 : 2000);
      off += 2;
    } else {
      year = twoDigits(der, off) * 100 + twoDigits(der, off + 2);
      off += 4;
    }
    return LocalDateTime.of(year, twoDigits(der, off), twoDigits(der, off + 2),
            twoDigits(der, off + 4), twoDigits(der, off + 6), twoDigits(der, off + 8))
        .toInstant(ZoneOffset.UTC);
  }

  private static int twoDigits(byte[] b, int off) {
    return (b[off] - '0') * 10 + (b[off + 1] - '0');
  }
}
