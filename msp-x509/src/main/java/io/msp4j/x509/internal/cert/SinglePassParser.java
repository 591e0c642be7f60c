package io.msp4j.x509.internal.cert;

import java.io.IOException;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;

/**
 * Reads a certificate of the usual shape in one pass over its DER, without building Bouncy
 * Castle's object tree and encoding it back (the reference parse, {@link
 * ParsedCertificate#parseReference}, which is several times slower). The usual shape: a v3
 * certificate whose every element is {@link PlainDer plain}, with exactly the fields X.509 lists
 * in order, names of SETs of (OID, string) pairs, an ECDSA key on a named curve, whole-byte BIT
 * STRINGs, times in their usual forms, and extensions of (OID, [BOOLEAN], OCTET STRING). The
 * values are made by the same code as in the reference parse (names, curve point, algorithm,
 * other extensions) or by code compared with it in the tests (usual times, usual values of the
 * common extensions). Anything else, and anything that fails, returns null, so that the
 * reference parse decides and words the refusal: this reader refuses nothing.
 */
final class SinglePassParser {
  private SinglePassParser() {}

  /**
   * The certificate as the Go release of {@code rules} parses it, or null when the reference parse
   * must decide.
   */
  static ParsedCertificate tryParse(byte[] der, GoX509Rules rules) {
    if (!PlainDer.isPlain(der)) {
      return null;
    }
    try {
      return read(der, rules);
    } catch (RuntimeException e) {
      return null; // malformed or unusual: the reference parse gives the verdict and message
    }
  }

  private static ParsedCertificate read(byte[] der, GoX509Rules rules) {
    GoAsn1.Header cert = GoAsn1.element(der, 0);
    List<GoAsn1.Header> parts = children(der, cert);
    if (!isSequence(cert) || parts.size() != 3 || !isSequence(parts.get(0))
        || !isSequence(parts.get(1)) || !parts.get(2).is(GoAsn1.TAG_BIT_STRING, false)) {
      return null;
    }
    List<GoAsn1.Header> f = children(der, parts.get(0));
    if (f.size() < 7 || f.size() > 10) {
      return null;
    }
    int version = version(der, f.get(0));
    GoAsn1.Header serialElement = f.get(1);
    if (version != 3 || !serialElement.is(GoAsn1.TAG_INTEGER, false)) {
      return null;
    }
    BigInteger serial = new BigInteger(GoAsn1.contents(der, serialElement));
    if (serial.signum() < 0) {
      return null;
    }
    GoAsn1.Header innerAlg = f.get(2);
    GoAsn1.Header outerAlg = parts.get(1);
    if (!isSequence(innerAlg) || !Arrays.equals(der, innerAlg.start(), innerAlg.end(),
        der, outerAlg.start(), outerAlg.end())) {
      return null;
    }
    byte[] sigAlgDer = GoAsn1.raw(der, outerAlg);
    List<GoAsn1.Header> algParts = children(der, outerAlg);
    if (algParts.isEmpty() || algParts.size() > 2 || !algParts.get(0).is(GoAsn1.TAG_OID, false)) {
      return null;
    }
    AlgorithmIdentifier sigAlgId = algorithm(sigAlgDer);
    List<DnAttribute> issuer = name(der, f.get(3), rules);
    Instant[] validity = validity(der, f.get(4));
    List<DnAttribute> subject = name(der, f.get(5), rules);
    CertPublicKey key = ecdsaKey(der, f.get(6));
    ExtensionParser ext = trailingFields(der, f, rules);
    if (issuer == null || validity == null || subject == null || key == null || ext == null) {
      return null;
    }
    byte[] signature = wholeBitString(der, parts.get(2));
    if (signature == null) {
      return null;
    }
    return ParsedCertificate.of(der, GoAsn1.raw(der, parts.get(0)), version, serial,
        GoAsn1.raw(der, f.get(3)), GoAsn1.raw(der, f.get(5)), issuer, subject, validity[0],
        validity[1], key, sigAlgId, sigAlgDer, signature, ext);
  }

  /** A signature algorithm as Bouncy Castle's object and its DER. */
  private record UsualAlgorithm(AlgorithmIdentifier id, byte[] der) {
    UsualAlgorithm(AlgorithmIdentifier id) {
      this(id, encoded(id));
    }
  }

  /**
   * The ECDSA signature algorithms (no parameters), decoded once: nearly every certificate has
   * one of them, and Bouncy Castle's objects are immutable.
   */
  private static final List<UsualAlgorithm> USUAL_ALGORITHMS = List.of(
      new UsualAlgorithm(new AlgorithmIdentifier(X9ObjectIdentifiers.ecdsa_with_SHA256)),
      new UsualAlgorithm(new AlgorithmIdentifier(X9ObjectIdentifiers.ecdsa_with_SHA384)),
      new UsualAlgorithm(new AlgorithmIdentifier(X9ObjectIdentifiers.ecdsa_with_SHA512)));

  /** Bouncy Castle's form of the (short) signature algorithm, as the reference parse keeps it. */
  private static AlgorithmIdentifier algorithm(byte[] sigAlgDer) {
    for (UsualAlgorithm usual : USUAL_ALGORITHMS) {
      if (Arrays.equals(usual.der(), sigAlgDer)) {
        return usual.id();
      }
    }
    try {
      return AlgorithmIdentifier.getInstance(ASN1Primitive.fromByteArray(sigAlgDer));
    } catch (IOException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static byte[] encoded(AlgorithmIdentifier id) {
    try {
      return id.getEncoded(ASN1Encoding.DER);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The version of an explicit [0] INTEGER 0..2, plus one; -1 for anything else. */
  private static int version(byte[] der, GoAsn1.Header h) {
    if (h.cls() != GoAsn1.CLASS_CONTEXT || !h.compound() || h.tag() != 0) {
      return -1;
    }
    List<GoAsn1.Header> inner = children(der, h);
    if (inner.size() != 1 || !inner.get(0).is(GoAsn1.TAG_INTEGER, false)
        || inner.get(0).length() != 1 || der[inner.get(0).contentStart()] < 0
        || der[inner.get(0).contentStart()] > 2) {
      return -1;
    }
    return der[inner.get(0).contentStart()] + 1;
  }

  /** A Name of SETs of exactly (OID, string) pairs; null for any other shape. */
  private static List<DnAttribute> name(byte[] der, GoAsn1.Header h, GoX509Rules rules) {
    if (!isSequence(h)) {
      return null;
    }
    List<DnAttribute> out = new ArrayList<>();
    int rdn = 0;
    for (GoAsn1.Header set : children(der, h)) {
      if (!set.is(GoAsn1.TAG_SET, true)) {
        return null;
      }
      for (GoAsn1.Header atv : children(der, set)) {
        List<GoAsn1.Header> pair = isSequence(atv) ? children(der, atv) : List.of();
        if (pair.size() != 2 || !pair.get(0).is(GoAsn1.TAG_OID, false)
            || pair.get(1).cls() != GoAsn1.CLASS_UNIVERSAL || pair.get(1).compound()) {
          return null;
        }
        String oid = GoAsn1.oid(der, pair.get(0));
        out.add(DistinguishedNames.attribute(rdn, oid, der[pair.get(1).start()] & 0xff,
            GoAsn1.contents(der, pair.get(1)), rules));
      }
      rdn++;
    }
    return Collections.unmodifiableList(out);
  }

  /** notBefore and notAfter, each in a usual form; null otherwise. */
  private static Instant[] validity(byte[] der, GoAsn1.Header h) {
    List<GoAsn1.Header> times = isSequence(h) ? children(der, h) : List.of();
    if (times.size() != 2 || !PlainTime.isPlain(der, times.get(0))
        || !PlainTime.isPlain(der, times.get(1))) {
      return null;
    }
    return new Instant[] {PlainTime.instant(der, times.get(0)), PlainTime.instant(der, times.get(1))};
  }

  /** SEQUENCE{SEQUENCE{id-ecPublicKey, curve OID}, BIT STRING}; null for any other key. */
  private static CertPublicKey ecdsaKey(byte[] der, GoAsn1.Header h) {
    List<GoAsn1.Header> spki = isSequence(h) ? children(der, h) : List.of();
    if (spki.size() != 2 || !isSequence(spki.get(0))) {
      return null;
    }
    List<GoAsn1.Header> alg = children(der, spki.get(0));
    if (alg.size() != 2 || !alg.get(0).is(GoAsn1.TAG_OID, false)
        || !alg.get(1).is(GoAsn1.TAG_OID, false)
        || !CertPublicKey.OID_EC.equals(GoAsn1.oid(der, alg.get(0)))) {
      return null;
    }
    byte[] point = wholeBitString(der, spki.get(1));
    if (point == null) {
      return null;
    }
    return CertPublicKey.ecdsa(GoAsn1.oid(der, alg.get(1)), point,
        GoAsn1.raw(der, h));
  }

  /**
   * After the key: optional [1] and [2] (primitive, skipped as Go does) and an optional [3]
   * holding exactly one SEQUENCE of extensions; nothing else. Null for any other layout.
   */
  private static ExtensionParser trailingFields(byte[] der, List<GoAsn1.Header> f,
      GoX509Rules rules) {
    int i = 7;
    if (i < f.size() && tagByte(der, f.get(i)) == 0x81) {
      i++;
    }
    if (i < f.size() && tagByte(der, f.get(i)) == 0x82) {
      i++;
    }
    ExtensionParser ext = new ExtensionParser(rules);
    if (i < f.size() && tagByte(der, f.get(i)) == 0xa3) {
      List<GoAsn1.Header> wrapped = children(der, f.get(i));
      if (wrapped.size() != 1 || !isSequence(wrapped.get(0)) || !extensions(der, wrapped.get(0), ext)) {
        return null;
      }
      i++;
    }
    return i == f.size() ? ext : null;
  }

  /** Extensions of exactly (OID, [BOOLEAN], OCTET STRING), interpreted; false for other shapes. */
  private static boolean extensions(byte[] der, GoAsn1.Header seq, ExtensionParser ext) {
    Set<String> seen = new HashSet<>();
    for (GoAsn1.Header e : children(der, seq)) {
      List<GoAsn1.Header> p = isSequence(e) ? children(der, e) : List.of();
      boolean critical = p.size() == 3 && p.get(1).is(GoAsn1.TAG_BOOLEAN, false)
          && der[p.get(1).contentStart()] != 0;
      if (p.size() < 2 || p.size() > 3 || !p.get(0).is(GoAsn1.TAG_OID, false)
          || (p.size() == 3 && !p.get(1).is(GoAsn1.TAG_BOOLEAN, false))
          || !p.get(p.size() - 1).is(GoAsn1.TAG_OCTET_STRING, false)) {
        return false;
      }
      ext.add(seen, GoAsn1.oid(der, p.get(0)), critical,
          GoAsn1.contents(der, p.get(p.size() - 1)));
    }
    ext.interpretPlainFirst();
    return true;
  }

  /** The contents of a BIT STRING without unused bits (after the 0 octet); null otherwise. */
  private static byte[] wholeBitString(byte[] der, GoAsn1.Header h) {
    if (!h.is(GoAsn1.TAG_BIT_STRING, false) || h.length() < 1 || der[h.contentStart()] != 0) {
      return null;
    }
    return Arrays.copyOfRange(der, h.contentStart() + 1, h.end());
  }

  private static boolean isSequence(GoAsn1.Header h) {
    return h.is(GoAsn1.TAG_SEQUENCE, true);
  }

  private static int tagByte(byte[] der, GoAsn1.Header h) {
    return der[h.start()] & 0xff;
  }

  /** The elements directly inside {@code parent}, in order. */
  private static List<GoAsn1.Header> children(byte[] der, GoAsn1.Header parent) {
    List<GoAsn1.Header> out = new ArrayList<>(8);
    for (int pos = parent.contentStart(); pos < parent.end(); ) {
      GoAsn1.Header h = GoAsn1.element(der, pos, parent.end());
      out.add(h);
      pos = h.end();
    }
    return out;
  }
}
