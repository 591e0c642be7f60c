package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.GoAsn1;
import io.msp4j.x509.internal.cert.GoAsn1.Asn1Exception;
import io.msp4j.x509.internal.cert.GoAsn1.Header;

/**
 * Fabric rewrites a certificate whose ECDSA signature is not in canonical low-S form by decoding
 * it with Go's encoding/asn1 into its own certificate layout and encoding it again (SANITIZE-04).
 * That decoding reads parts the X.509 parser skips — the unique identifiers of any version and the
 * [3] extensions of version 1 and 2 certificates — with encoding/asn1's rules: a BIT STRING needs
 * a valid padding octet, a BOOLEAN is 0x00 or 0xff, an OBJECT IDENTIFIER arc fits in 31 bits,
 * times read back to themselves. This reads the layout the same way and throws where it fails.
 */
final class FabricCertificateLayout {
  private static final int CONTEXT = GoAsn1.CLASS_CONTEXT;

  private FabricCertificateLayout() {}

  /** Throws {@link Asn1Exception} when Go's encoding/asn1 cannot decode {@code der} as Fabric does. */
  static void check(byte[] der) {
    Header cert = expect(der, 0, der.length, GoAsn1.TAG_SEQUENCE, true);
    int pos = cert.contentStart();
    int end = cert.end();
    Header tbs = expect(der, pos, end, GoAsn1.TAG_SEQUENCE, true);
    tbsCertificate(der, tbs);
    pos = tbs.end();
    Header alg = expect(der, pos, end, GoAsn1.TAG_SEQUENCE, true);
    algorithmIdentifier(der, alg);
    pos = alg.end();
    Header sig = expect(der, pos, end, GoAsn1.TAG_BIT_STRING, false);
    GoAsn1.bitStringRightAligned(GoAsn1.contents(der, sig));
  }

  private static void tbsCertificate(byte[] der, Header tbs) {
    int pos = tbs.contentStart();
    int end = tbs.end();
    Header h = GoAsn1.element(der, pos, end);
    if (h.cls() == CONTEXT && h.tag() == 0 && h.compound()) {
      Header v = expect(der, h.contentStart(), h.end(), GoAsn1.TAG_INTEGER, false);
      GoAsn1.int64(GoAsn1.contents(der, v));
      pos = h.end();
    }
    Header serial = expect(der, pos, end, GoAsn1.TAG_INTEGER, false);
    GoAsn1.bigInteger(GoAsn1.contents(der, serial));
    Header alg = expect(der, serial.end(), end, GoAsn1.TAG_SEQUENCE, true);
    algorithmIdentifier(der, alg);
    Header issuer = GoAsn1.element(der, alg.end(), end);
    Header validity = expect(der, issuer.end(), end, GoAsn1.TAG_SEQUENCE, true);
    time(der, GoAsn1.element(der, validity.contentStart(), validity.end()));
    Header first = GoAsn1.element(der, validity.contentStart(), validity.end());
    time(der, GoAsn1.element(der, first.end(), validity.end()));
    Header subject = GoAsn1.element(der, validity.end(), end);
    Header spki = expect(der, subject.end(), end, GoAsn1.TAG_SEQUENCE, true);
    Header keyAlg = expect(der, spki.contentStart(), spki.end(), GoAsn1.TAG_SEQUENCE, true);
    algorithmIdentifier(der, keyAlg);
    Header key = expect(der, keyAlg.end(), spki.end(), GoAsn1.TAG_BIT_STRING, false);
    GoAsn1.bitStringRightAligned(GoAsn1.contents(der, key));
    pos = spki.end();
    for (int tag = 1; tag <= 2 && pos < end; tag++) {
      Header id = GoAsn1.element(der, pos, end);
      if (id.cls() == CONTEXT && id.tag() == tag && !id.compound()) {
        GoAsn1.bitStringRightAligned(GoAsn1.contents(der, id));
        pos = id.end();
      }
    }
    if (pos < end) {
      Header ext = GoAsn1.element(der, pos, end);
      if (ext.cls() == CONTEXT && ext.tag() == 3 && ext.compound()) {
        // explicit [3]: empty is an error; a child that is not a SEQUENCE leaves the optional
        // field unset, as encoding/asn1 does for a tag mismatch.
        if (ext.length() == 0) {
          throw new Asn1Exception("structure error: explicit tag has no child");
        }
        Header list = GoAsn1.element(der, ext.contentStart(), ext.end());
        if (list.is(GoAsn1.TAG_SEQUENCE, true)) {
          extensions(der, list);
        }
      }
    }
  }

  private static void extensions(byte[] der, Header list) {
    for (int pos = list.contentStart(); pos < list.end(); ) {
      Header e = expect(der, pos, list.end(), GoAsn1.TAG_SEQUENCE, true);
      Header oid = expect(der, e.contentStart(), e.end(), GoAsn1.TAG_OID, false);
      GoAsn1.oid(der, oid);
      int p = oid.end();
      if (p < e.end()) {
        Header b = GoAsn1.element(der, p, e.end());
        if (b.is(GoAsn1.TAG_BOOLEAN, false)) {
          GoAsn1.bool(GoAsn1.contents(der, b));
          p = b.end();
        }
      }
      expect(der, p, e.end(), GoAsn1.TAG_OCTET_STRING, false);
      pos = e.end();
    }
  }

  private static void algorithmIdentifier(byte[] der, Header alg) {
    Header oid = expect(der, alg.contentStart(), alg.end(), GoAsn1.TAG_OID, false);
    GoAsn1.oid(der, oid);
    if (oid.end() < alg.end()) {
      GoAsn1.element(der, oid.end(), alg.end());
    }
  }

  private static void time(byte[] der, Header t) {
    if (t.is(GoAsn1.TAG_UTC_TIME, false)) {
      GoAsn1.utcTime(GoAsn1.contents(der, t));
    } else if (t.is(GoAsn1.TAG_GENERALIZED_TIME, false)) {
      GoAsn1.generalizedTime(GoAsn1.contents(der, t));
    } else {
      throw new Asn1Exception("structural error: tags don't match (time)");
    }
  }

  private static Header expect(byte[] der, int pos, int end, int tag, boolean constructed) {
    Header h = GoAsn1.element(der, pos, end);
    if (!h.is(tag, constructed)) {
      throw new Asn1Exception("structural error: tags don't match (" + tag + ")");
    }
    return h;
  }
}
