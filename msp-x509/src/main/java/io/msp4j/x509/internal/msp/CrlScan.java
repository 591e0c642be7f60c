package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.Der;
import java.util.Arrays;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Primitive;

/**
 * The fast path of CRL loading for large CRLs: the revoked certificates are read straight from
 * the DER bytes into a {@link SerialSet}, without an object per entry, and the rest of the CRL is
 * handed to Bouncy Castle with an empty revoked list in place of the real one, so that every
 * other field gets exactly the checks of the full parse.
 *
 * <p>Only DER (definite, shortest lengths) whose entries have the usual shape ({@code SEQUENCE
 * {INTEGER, UTCTime or GeneralizedTime, [extensions]}}, each as Bouncy Castle would re-encode it)
 * is taken; for anything else {@link #scan} returns null and the CRL is parsed whole by Bouncy
 * Castle ({@link CrlLoader}), which then decides. Within that domain the outcome equals the full
 * parse's: every entry accepted here is one Bouncy Castle accepts, the element positions Bouncy
 * Castle's {@code TBSCertList} reads are unchanged, and the revoked list's bytes are what Bouncy
 * Castle's DER re-encoding of the TBS would put in their place ({@link
 * RevocationList#tbsWithRevokedList}).
 */
final class CrlScan {
  private CrlScan() {}

  private static final int SEQUENCE = 0x30;
  private static final int INTEGER = 0x02;
  private static final int UTC_TIME = 0x17;
  private static final int GENERALIZED_TIME = 0x18;
  private static final byte[] EMPTY_SEQUENCE = {0x30, 0x00};

  /**
   * A CRL split for loading: {@code reduced} is the CRL with an empty revoked list (for Bouncy
   * Castle), {@code revokedList} the DER of the original revoked list, {@code serials} its serial
   * numbers.
   */
  record Scan(byte[] reduced, byte[] revokedList, SerialSet serials) {}

  /** One TLV: tag, and the offsets of its header, contents and end. */
  private record Tlv(int tag, int start, int contents, int end) {
    int contentLength() {
      return end - contents;
    }
  }

  /** The split CRL, or null when the fast path does not apply to these bytes. */
  static Scan scan(byte[] der) {
    Tlv outer = read(der, 0, der.length);
    if (outer == null || outer.tag() != SEQUENCE || outer.end() != der.length) {
      return null;
    }
    Tlv tbs = read(der, outer.contents(), outer.end());
    if (tbs == null || tbs.tag() != SEQUENCE) {
      return null;
    }
    Tlv[] tbsElements = elements(der, tbs);
    if (tbsElements == null) {
      return null;
    }
    Tlv revoked = revokedList(tbsElements);
    if (revoked == null) {
      return null;
    }
    SerialSet serials = serials(der, revoked);
    if (serials == null) {
      return null;
    }
    byte[][] parts = new byte[tbsElements.length][];
    for (int i = 0; i < parts.length; i++) {
      Tlv e = tbsElements[i];
      parts[i] = e == revoked ? EMPTY_SEQUENCE : Arrays.copyOfRange(der, e.start(), e.end());
    }
    byte[] reducedTbs = Der.sequence(parts);
    byte[] rest = Arrays.copyOfRange(der, tbs.end(), outer.end());
    byte[] reduced = Der.sequence(reducedTbs, rest);
    return new Scan(reduced, Arrays.copyOfRange(der, revoked.start(), revoked.end()), serials);
  }

  /**
   * The element Bouncy Castle's TBSCertList takes as revokedCertificates: after an optional
   * INTEGER version, the signature, issuer and thisUpdate, and an optional UTCTime or
   * GeneralizedTime nextUpdate, the next element unless it is tagged; null unless it is a
   * SEQUENCE.
   */
  private static Tlv revokedList(Tlv[] e) {
    int i = 0;
    if (e.length > 0 && e[0].tag() == INTEGER) {
      i++;
    }
    i += 3;
    if (i < e.length && (e[i].tag() == UTC_TIME || e[i].tag() == GENERALIZED_TIME)) {
      i++;
    }
    if (i < e.length && e[i].tag() == SEQUENCE) {
      return e[i];
    }
    return null;
  }

  /**
   * The serials of the entries, or null when an entry is not of the usual, canonical shape. One
   * pass over the bytes, no object per entry: this is the loop a million-entry CRL spends its
   * time in.
   */
  private static SerialSet serials(byte[] der, Tlv list) {
    SerialSet.Builder serials = new SerialSet.Builder(list.contentLength() / 16);
    int pos = list.contents();
    int end = list.end();
    int[] h = new int[2];
    while (pos < end) {
      // SEQUENCE {
      if (!header(der, pos, end, SEQUENCE, h)) {
        return null;
      }
      int entryEnd = h[0] + h[1];
      // INTEGER serial
      if (!header(der, h[0], entryEnd, INTEGER, h) || !isMinimalInteger(der, h[0], h[1])) {
        return null;
      }
      int serialStart = h[0];
      int serialLength = h[1];
      int datePos = serialStart + serialLength;
      // UTCTime or GeneralizedTime revocationDate
      if (datePos + 2 > entryEnd) {
        return null;
      }
      int dateTag = der[datePos] & 0xff;
      if (!header(der, datePos, entryEnd, dateTag, h) || !isPlainTime(der, dateTag, h[0], h[1])) {
        return null;
      }
      int afterDate = h[0] + h[1];
      // [Extensions]
      if (afterDate != entryEnd) {
        if (!header(der, afterDate, entryEnd, SEQUENCE, h) || h[0] + h[1] != entryEnd
            || !isCanonical(Arrays.copyOfRange(der, afterDate, entryEnd))) {
          return null;
        }
      }
      serials.add(der, serialStart, serialLength);
      pos = entryEnd;
    }
    return serials.build();
  }

  /**
   * Reads a DER header with tag {@code tag} at {@code pos}: stores the contents' offset and
   * length in {@code out}; false when the tag differs or the TLV is not DER or passes {@code
   * limit}.
   */
  private static boolean header(byte[] b, int pos, int limit, int tag, int[] out) {
    if (pos + 2 > limit || (b[pos] & 0xff) != tag || (tag & 0x1f) == 0x1f) {
      return false;
    }
    int first = b[pos + 1] & 0xff;
    int p = pos + 2;
    int length;
    if (first < 0x80) {
      length = first;
    } else {
      int n = first & 0x7f;
      if (n == 0 || n > 3 || p + n > limit || b[p] == 0) {
        return false;
      }
      length = 0;
      for (int i = 0; i < n; i++) {
        length = (length << 8) | (b[p++] & 0xff);
      }
      if (length < 0x80) {
        return false;
      }
    }
    if (length > limit - p) {
      return false;
    }
    out[0] = p;
    out[1] = length;
    return true;
  }

  /**
   * YYMMDDHHMMSSZ as UTCTime or YYYYMMDDHHMMSSZ as GeneralizedTime, naming a real instant: month
   * 1-12, a day that every year has in that month (29 February is left to the full parse), hour,
   * minute and second in range. Bouncy Castle accepts all of these (it checks the same fields).
   */
  private static boolean isPlainTime(byte[] der, int tag, int c, int length) {
    int yearDigits;
    if (tag == UTC_TIME) {
      yearDigits = 2;
    } else if (tag == GENERALIZED_TIME) {
      yearDigits = 4;
    } else {
      return false;
    }
    if (length != yearDigits + 11 || der[c + length - 1] != 'Z') {
      return false;
    }
    for (int i = c; i < c + length - 1; i++) {
      if (der[i] < '0' || der[i] > '9') {
        return false;
      }
    }
    int p = c + yearDigits;
    int month = twoDigits(der, p);
    int day = twoDigits(der, p + 2);
    int hour = twoDigits(der, p + 4);
    int minute = twoDigits(der, p + 6);
    int second = twoDigits(der, p + 8);
    int maxDay = switch (month) {
      case 2 -> 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
    return month >= 1 && month <= 12 && day >= 1 && day <= maxDay
        && hour <= 23 && minute <= 59 && second <= 59
        && (yearDigits == 2 || twoDigits(der, c) + twoDigits(der, c + 2) > 0);
  }

  private static int twoDigits(byte[] b, int at) {
    return (b[at] - '0') * 10 + (b[at + 1] - '0');
  }

  /** Non-empty and minimal, as Bouncy Castle's ASN1Integer requires. */
  private static boolean isMinimalInteger(byte[] der, int c, int len) {
    if (len == 0) {
      return false;
    }
    if (len == 1) {
      return true;
    }
    int first = der[c];
    int second = der[c + 1] & 0x80;
    return !((first == 0 && second == 0) || (first == -1 && second != 0));
  }

  /**
   * Whether Bouncy Castle parses the bytes as one object and re-encodes them unchanged as DER,
   * the encoding the full parse gives the TBS bytes (SET members sorted, for instance).
   */
  private static boolean isCanonical(byte[] bytes) {
    try {
      return Arrays.equals(ASN1Primitive.fromByteArray(bytes).getEncoded(ASN1Encoding.DER), bytes);
    } catch (Exception e) {
      return false;
    }
  }

  /** The TLVs making up {@code t}'s contents, or null when they do not tile it exactly. */
  private static Tlv[] elements(byte[] der, Tlv t) {
    Tlv[] out = new Tlv[8];
    int n = 0;
    int pos = t.contents();
    while (pos < t.end()) {
      Tlv e = read(der, pos, t.end());
      if (e == null || n == out.length) {
        return null;
      }
      out[n++] = e;
      pos = e.end();
    }
    return Arrays.copyOf(out, n);
  }

  /**
   * The TLV at {@code pos}, no further than {@code limit}: low tag number, definite length in its
   * shortest form (DER); null otherwise.
   */
  private static Tlv read(byte[] b, int pos, int limit) {
    if (pos + 2 > limit) {
      return null;
    }
    int tag = b[pos] & 0xff;
    if ((tag & 0x1f) == 0x1f) {
      return null;
    }
    int first = b[pos + 1] & 0xff;
    int p = pos + 2;
    long length;
    if (first < 0x80) {
      length = first;
    } else {
      int n = first & 0x7f;
      if (n == 0 || n > 4 || p + n > limit || b[p] == 0) {
        return null;
      }
      length = 0;
      for (int i = 0; i < n; i++) {
        length = (length << 8) | (b[p++] & 0xff);
      }
      if (length < 0x80) {
        return null;
      }
    }
    if (length > limit - p) {
      return null;
    }
    return new Tlv(tag, pos, p, p + (int) length);
  }
}
