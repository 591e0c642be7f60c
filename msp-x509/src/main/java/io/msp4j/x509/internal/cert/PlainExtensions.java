package io.msp4j.x509.internal.cert;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The usual encodings of the extensions every Fabric certificate carries (key usage, basic
 * constraints, subject and authority key identifiers, extended key usage), read in place instead
 * of through Bouncy Castle's objects as {@link ExtensionParser#process} reads them. Each method
 * either sets exactly the fields {@code process} would set and returns what it would return, or
 * returns null having changed nothing: the value is then not in its usual encoding (the whole
 * value one {@link PlainDer plain} element of the usual shape) and {@code process} decides.
 * Checked against the reference parse by {@code SinglePassParserTest} and the parser fuzz target.
 */
final class PlainExtensions {
  private PlainExtensions() {}

  /** Whether {@code e} is unhandled (as process returns), or null when process must decide. */
  static Boolean process(ExtensionParser into, CertExtension e) {
    byte[] v = e.value();
    if (!PlainDer.isPlain(v)) {
      return null;
    }
    return switch (e.oid()) {
      case ExtensionParser.KEY_USAGE -> keyUsage(into, v);
      case ExtensionParser.BASIC_CONSTRAINTS -> basicConstraints(into, v);
      case ExtensionParser.SKI -> e.critical() ? null : subjectKeyId(into, v);
      case ExtensionParser.AKI -> e.critical() ? null : authorityKeyId(into, v);
      case ExtensionParser.EKU -> extendedKeyUsage(into, v);
      default -> null;
    };
  }

  /** BIT STRING, unused bits zero (PlainDer); bits 0..8 as Go numbers them. */
  private static Boolean keyUsage(ExtensionParser into, byte[] v) {
    GoAsn1.Header h = GoAsn1.element(v, 0);
    if (!h.is(GoAsn1.TAG_BIT_STRING, false)) {
      return null;
    }
    int pad = v[h.contentStart()] & 0xff;
    int bitLength = (h.length() - 1) * 8 - pad;
    int usage = 0;
    for (int i = 0; i < 9 && i < bitLength; i++) {
      if ((v[h.contentStart() + 1 + i / 8] & (0x80 >> (i % 8))) != 0) {
        usage |= 1 << i;
      }
    }
    into.keyUsage = usage;
    return false;
  }

  /** SEQUENCE { [BOOLEAN], [INTEGER] } in that order and nothing else. */
  private static Boolean basicConstraints(ExtensionParser into, byte[] v) {
    GoAsn1.Header seq = GoAsn1.element(v, 0);
    if (!seq.is(GoAsn1.TAG_SEQUENCE, true)) {
      return null;
    }
    int pos = seq.contentStart();
    boolean ca = false;
    if (pos < seq.end()) {
      GoAsn1.Header b = GoAsn1.element(v, pos, seq.end());
      if (b.is(GoAsn1.TAG_BOOLEAN, false)) {
        ca = v[b.contentStart()] != 0; // 0x00 or 0xff (PlainDer)
        pos = b.end();
      }
    }
    int pathLen = -1;
    if (pos < seq.end()) {
      GoAsn1.Header n = GoAsn1.element(v, pos, seq.end());
      if (!n.is(GoAsn1.TAG_INTEGER, false) || n.length() > 8) {
        return null;
      }
      long l = new BigInteger(Arrays.copyOfRange(v, n.contentStart(), n.end())).longValue();
      if (l < 0 && into.rules.strictStrings()) {
        return null; // refused since Go 1.25 (REL-X509-07): process words the refusal
      }
      pathLen = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, l));
      pos = n.end();
    }
    if (pos != seq.end()) {
      return null;
    }
    into.basicConstraintsValid = true;
    into.isCa = ca;
    into.maxPathLen = pathLen;
    return false;
  }

  /** OCTET STRING. */
  private static Boolean subjectKeyId(ExtensionParser into, byte[] v) {
    GoAsn1.Header h = GoAsn1.element(v, 0);
    if (!h.is(GoAsn1.TAG_OCTET_STRING, false)) {
      return null;
    }
    into.subjectKeyId = GoAsn1.contents(v, h);
    return false;
  }

  /** SEQUENCE { [0] keyIdentifier } and nothing else. */
  private static Boolean authorityKeyId(ExtensionParser into, byte[] v) {
    GoAsn1.Header seq = GoAsn1.element(v, 0);
    if (!seq.is(GoAsn1.TAG_SEQUENCE, true) || seq.length() == 0) {
      return null;
    }
    GoAsn1.Header id = GoAsn1.element(v, seq.contentStart(), seq.end());
    if ((v[id.start()] & 0xff) != 0x80 || id.end() != seq.end()) {
      return null;
    }
    into.authorityKeyId = GoAsn1.contents(v, id);
    return false;
  }

  /** SEQUENCE OF OBJECT IDENTIFIER (each within Go's arc limit: PlainDer). */
  private static Boolean extendedKeyUsage(ExtensionParser into, byte[] v) {
    GoAsn1.Header seq = GoAsn1.element(v, 0);
    if (!seq.is(GoAsn1.TAG_SEQUENCE, true)) {
      return null;
    }
    java.util.List<String> oids = new java.util.ArrayList<>();
    for (int pos = seq.contentStart(); pos < seq.end(); ) {
      GoAsn1.Header o = GoAsn1.element(v, pos, seq.end());
      if (!o.is(GoAsn1.TAG_OID, false)) {
        return null;
      }
      oids.add(GoAsn1.oid(v, o));
      pos = o.end();
    }
    into.extKeyUsages.addAll(oids);
    return false;
  }
}
