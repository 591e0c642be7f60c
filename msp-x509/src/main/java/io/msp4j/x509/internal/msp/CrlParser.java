package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.GoAsn1;
import io.msp4j.x509.internal.cert.GoAsn1.Header;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes a DER CRL exactly as Fabric does, with Go's {@code asn1.Unmarshal} into the
 * {@code pkix.CertificateList} structure (SETUP-CRL-01): strict DER element headers and values,
 * optional fields skipped when the next element does not fit them, unknown trailing elements
 * inside a SEQUENCE tolerated, nothing allowed after the CRL itself.
 *
 * <p>The CRL is read in place, each element bounded by its parent's end. A revoked-certificate
 * entry in its common form (a short INTEGER serial, a {@code YYMMDDHHMMSSZ} UTCTime, nothing
 * else) is checked without allocating and its serial bytes go straight into the
 * {@link SerialSet}; any other entry is copied out and decoded by the general code.
 */
final class CrlParser {
  /** One extension of a CRL (or of a CRL entry). */
  record Ext(String oid, boolean critical, byte[] value) {}

  /**
   * What Fabric keeps of a CRL; the TBSCertList is {@code der[tbsStart, tbsEnd)}, left in place
   * (it is most of a big CRL and only needed when a listed serial's CRL signature is checked).
   */
  record Parsed(
      byte[] der,
      int tbsStart,
      int tbsEnd,
      String signatureOid,
      byte[] signatureParameters,
      byte[] signature,
      SerialSet revokedSerials,
      List<Ext> extensions) {
    /** A copy of the TBSCertList, header included. */
    byte[] tbs() {
      return Arrays.copyOfRange(der, tbsStart, tbsEnd);
    }
  }

  private static final int UTC_TIME_LENGTH = 13;

  private CrlParser() {}

  /** Parses {@code der}; throws {@link GoAsn1.Asn1Exception} or {@link IllegalArgumentException}. */
  static Parsed parse(byte[] der) {
    Header outer = GoAsn1.element(der, 0);
    requireUniversal(outer, GoAsn1.TAG_SEQUENCE, true);
    if (outer.end() != der.length) {
      throw new IllegalArgumentException("x509: trailing data after CRL");
    }
    int limit = outer.end();
    Header tbsHeader = GoAsn1.element(der, outer.contentStart(), limit);
    requireUniversal(tbsHeader, GoAsn1.TAG_SEQUENCE, true);
    Tbs content = tbs(der, tbsHeader.contentStart(), tbsHeader.end());
    int pos = tbsHeader.end();
    AlgorithmId alg = algorithmIdentifier(der, pos, limit);
    pos = alg.end;
    Header sig = GoAsn1.element(der, pos, limit);
    requireUniversal(sig, GoAsn1.TAG_BIT_STRING, false);
    byte[] signature = GoAsn1.bitStringRightAligned(GoAsn1.contents(der, sig));
    return new Parsed(der, tbsHeader.start(), tbsHeader.end(), alg.oid, alg.parameters, signature, content.serials, content.extensions);
  }

  private record Tbs(SerialSet serials, List<Ext> extensions) {}

  private record AlgorithmId(String oid, byte[] parameters, int end) {}

  /** The TBSCertList contents {@code b[pos, limit)}. */
  private static Tbs tbs(byte[] b, int pos, int limit) {
    // Version INTEGER OPTIONAL (DEFAULT 0)
    Header h = GoAsn1.header(b, pos, limit);
    if (h.is(GoAsn1.TAG_INTEGER, false)) {
      fits(h, limit);
      GoAsn1.int64(GoAsn1.contents(b, h));
      pos = h.end();
    }
    pos = algorithmIdentifier(b, pos, limit).end;
    pos = name(b, pos, limit);
    pos = time(b, pos, limit, false);
    SerialSet serials = SerialSet.empty();
    List<Ext> extensions = new ArrayList<>();
    if (pos < limit) {
      pos = time(b, pos, limit, true);
    }
    if (pos < limit) {
      Header revoked = GoAsn1.header(b, pos, limit);
      if (revoked.is(GoAsn1.TAG_SEQUENCE, true)) {
        fits(revoked, limit);
        serials = revokedSerials(b, revoked.contentStart(), revoked.end());
        pos = revoked.end();
      }
    }
    if (pos < limit) {
      // [0] EXPLICIT Extensions OPTIONAL, read as Go does: the wrapper's own length is not
      // checked, and an inner element of another type leaves the field empty.
      Header wrapper = GoAsn1.header(b, pos, limit);
      if (wrapper.contentStart() == limit) {
        throw new GoAsn1.Asn1Exception("structural error: explicit tag has no child");
      }
      if (wrapper.cls() == GoAsn1.CLASS_CONTEXT && wrapper.tag() == 0
          && (wrapper.length() == 0 || wrapper.compound())) {
        if (wrapper.length() == 0) {
          throw new GoAsn1.Asn1Exception(
              "structural error: zero length explicit tag was not an asn1.Flag");
        }
        Header inner = GoAsn1.header(b, wrapper.contentStart(), limit);
        if (inner.is(GoAsn1.TAG_SEQUENCE, true)) {
          fits(inner, limit);
          extensions = extensions(GoAsn1.contents(b, inner));
        }
      }
    }
    return new Tbs(serials, extensions);
  }

  /**
   * The SEQUENCE OF revokedCertificate contents {@code b[pos, limit)}: each element must be a
   * universal SEQUENCE that fits, then decodes as an entry.
   */
  private static SerialSet revokedSerials(byte[] b, int pos, int limit) {
    // the shortest common entry takes 20 bytes: SEQUENCE, one-byte INTEGER, UTCTime
    SerialSet.Builder serials = new SerialSet.Builder((limit - pos) / 20);
    while (pos < limit) {
      int start;
      int end;
      if (b[pos] == 0x30 && pos + 1 < limit && b[pos + 1] >= 0) {
        start = pos + 2;
        end = start + b[pos + 1];
      } else {
        Header h = GoAsn1.header(b, pos, limit);
        if (!h.is(GoAsn1.TAG_SEQUENCE, true)) {
          throw new GoAsn1.Asn1Exception("structural error: sequence tag mismatch");
        }
        if ((long) h.contentStart() + h.length() > limit) {
          throw new GoAsn1.Asn1Exception("syntax error: truncated sequence");
        }
        start = h.contentStart();
        end = h.end();
      }
      if (end > limit) {
        throw new GoAsn1.Asn1Exception("syntax error: truncated sequence");
      }
      if (!plainEntry(b, start, end, serials)) {
        serials.add(entry(Arrays.copyOfRange(b, start, end)));
      }
      pos = end;
    }
    return serials.build();
  }

  /**
   * Adds the serial of the entry {@code b[pos, end)} and returns true when the entry is a short
   * minimal INTEGER followed by a valid {@code YYMMDDHHMMSSZ} UTCTime and nothing else; returns
   * false, having added nothing, for any other entry (valid or not).
   */
  private static boolean plainEntry(byte[] b, int pos, int end, SerialSet.Builder serials) {
    if (end - pos < 2 || b[pos] != GoAsn1.TAG_INTEGER || b[pos + 1] <= 0) {
      return false;
    }
    int serial = pos + 2;
    int serialLength = b[pos + 1];
    int time = serial + serialLength;
    if (time + 2 + UTC_TIME_LENGTH != end
        || b[time] != GoAsn1.TAG_UTC_TIME
        || b[time + 1] != UTC_TIME_LENGTH) {
      return false;
    }
    if (serialLength > 1) {
      int first = b[serial];
      int second = b[serial + 1] & 0x80;
      if ((first == 0 && second == 0) || (first == -1 && second != 0)) {
        return false; // not minimal: the general code says so
      }
    }
    if (!GoAsn1.isPlainUtcTime(b, time + 2)) {
      return false;
    }
    serials.add(b, serial, serialLength);
    return true;
  }

  /** revokedCertificate: serial, revocation date, optional extensions; more is tolerated. */
  private static BigInteger entry(byte[] b) {
    Header serial = GoAsn1.element(b, 0);
    requireUniversal(serial, GoAsn1.TAG_INTEGER, false);
    BigInteger value = GoAsn1.bigInteger(GoAsn1.contents(b, serial));
    int pos = time(b, serial.end(), false);
    if (pos < b.length) {
      Header exts = GoAsn1.header(b, pos);
      if (exts.is(GoAsn1.TAG_SEQUENCE, true)) {
        fits(exts, b);
        extensions(GoAsn1.contents(b, exts));
      }
    }
    return value;
  }

  private static List<Ext> extensions(byte[] b) {
    List<Ext> out = new ArrayList<>();
    for (Header e : sequenceOf(b, GoAsn1.TAG_SEQUENCE, true)) {
      byte[] ext = GoAsn1.contents(b, e);
      Header id = GoAsn1.element(ext, 0);
      requireUniversal(id, GoAsn1.TAG_OID, false);
      String oid = GoAsn1.oid(ext, id);
      int pos = id.end();
      boolean critical = false;
      Header next = GoAsn1.header(ext, pos);
      if (next.is(GoAsn1.TAG_BOOLEAN, false)) {
        fits(next, ext);
        critical = GoAsn1.bool(GoAsn1.contents(ext, next));
        pos = next.end();
        next = GoAsn1.header(ext, pos);
      }
      requireUniversal(next, GoAsn1.TAG_OCTET_STRING, false);
      fits(next, ext);
      out.add(new Ext(oid, critical, GoAsn1.contents(ext, next)));
    }
    return out;
  }

  private static AlgorithmId algorithmIdentifier(byte[] b, int pos, int limit) {
    Header h = GoAsn1.element(b, pos, limit);
    requireUniversal(h, GoAsn1.TAG_SEQUENCE, true);
    byte[] ai = GoAsn1.contents(b, h);
    Header oid = GoAsn1.element(ai, 0);
    requireUniversal(oid, GoAsn1.TAG_OID, false);
    String dotted = GoAsn1.oid(ai, oid);
    byte[] parameters = null;
    if (oid.end() < ai.length) {
      Header p = GoAsn1.element(ai, oid.end());
      parameters = GoAsn1.raw(ai, p);
    }
    return new AlgorithmId(dotted, parameters, h.end());
  }

  /** RDNSequence: SEQUENCE OF SET OF {OID, ANY}; ANY values are checked as Go decodes them. */
  private static int name(byte[] b, int pos, int limit) {
    Header h = GoAsn1.element(b, pos, limit);
    requireUniversal(h, GoAsn1.TAG_SEQUENCE, true);
    byte[] rdns = GoAsn1.contents(b, h);
    for (Header rdn : sequenceOf(rdns, GoAsn1.TAG_SET, true)) {
      byte[] set = GoAsn1.contents(rdns, rdn);
      for (Header atv : sequenceOf(set, GoAsn1.TAG_SEQUENCE, true)) {
        byte[] pair = GoAsn1.contents(set, atv);
        Header type = GoAsn1.element(pair, 0);
        requireUniversal(type, GoAsn1.TAG_OID, false);
        GoAsn1.oid(pair, type);
        any(pair, type.end());
      }
    }
    return h.end();
  }

  private static void any(byte[] b, int pos) {
    Header v = GoAsn1.element(b, pos);
    if (v.compound() || v.cls() != GoAsn1.CLASS_UNIVERSAL) {
      return;
    }
    byte[] c = GoAsn1.contents(b, v);
    switch (v.tag()) {
      case GoAsn1.TAG_INTEGER -> GoAsn1.int64(c);
      case GoAsn1.TAG_BIT_STRING -> GoAsn1.bitStringRightAligned(c);
      case GoAsn1.TAG_OID -> GoAsn1.oid(c);
      case GoAsn1.TAG_UTC_TIME -> GoAsn1.utcTime(c);
      case GoAsn1.TAG_GENERALIZED_TIME -> GoAsn1.generalizedTime(c);
      default -> GoAsn1.checkString(v.tag(), c);
    }
  }

  /** A UTCTime or GeneralizedTime; when optional and absent, {@code pos} is returned. */
  private static int time(byte[] b, int pos, boolean optional) {
    return time(b, pos, b.length, optional);
  }

  /** {@link #time(byte[], int, boolean)} inside {@code b[.., limit)}. */
  private static int time(byte[] b, int pos, int limit, boolean optional) {
    Header h = GoAsn1.header(b, pos, limit);
    boolean utc = h.is(GoAsn1.TAG_UTC_TIME, false);
    boolean generalized = h.is(GoAsn1.TAG_GENERALIZED_TIME, false);
    if (!utc && !generalized) {
      if (optional) {
        return pos;
      }
      throw new GoAsn1.Asn1Exception("structural error: tags don't match (time)");
    }
    fits(h, limit);
    if (utc) {
      GoAsn1.utcTime(GoAsn1.contents(b, h));
    } else {
      GoAsn1.generalizedTime(GoAsn1.contents(b, h));
    }
    return h.end();
  }

  /**
   * The elements of a SEQUENCE OF / SET OF, all checked first to be universal elements of the
   * given tag and form (times count as one type, strings as another, as in Go).
   */
  private static List<Header> sequenceOf(byte[] b, int tag, boolean compound) {
    List<Header> out = new ArrayList<>();
    int pos = 0;
    while (pos < b.length) {
      Header h = GoAsn1.header(b, pos);
      if (h.cls() != GoAsn1.CLASS_UNIVERSAL || h.compound() != compound || h.tag() != tag) {
        throw new GoAsn1.Asn1Exception("structural error: sequence tag mismatch");
      }
      if ((long) h.contentStart() + h.length() > b.length) {
        throw new GoAsn1.Asn1Exception("syntax error: truncated sequence");
      }
      out.add(h);
      pos = h.end();
    }
    return out;
  }

  /** Go's "data truncated" check, made once an element was taken for a field. */
  private static void fits(Header h, byte[] b) {
    fits(h, b.length);
  }

  private static void fits(Header h, int limit) {
    if ((long) h.contentStart() + h.length() > limit) {
      throw new GoAsn1.Asn1Exception("syntax error: data truncated");
    }
  }

  private static void requireUniversal(Header h, int tag, boolean compound) {
    if (!h.is(tag, compound)) {
      throw new GoAsn1.Asn1Exception(
          "structural error: tags don't match (expected universal " + tag + ", got class "
              + h.cls() + " tag " + h.tag() + ")");
    }
  }
}
