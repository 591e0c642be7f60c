package io.msp4j.x509.internal.cert;

import io.msp4j.core.CertificateRef;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.BERTags;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;

/**
 * An X.509 certificate parsed once, with the acceptance rules of {@code x509.ParseCertificate} in
 * the Go release of a {@link GoX509Rules} (Go 1.23's unless told otherwise): what that Go refuses,
 * {@link #parse} refuses with a {@link CertificateParseException}. Keeps the exact DER and the raw
 * subject and issuer name bytes (SET order as encoded) for byte-equal matching. Immutable;
 * equality is by DER bytes (the same bytes parsed under other rules are equal: keep certificates
 * parsed under different rules apart, as each MSP does by parsing under its own).
 */
public final class ParsedCertificate {
  private static final String OID_OU = "2.5.4.11";
  private static final String OID_CN = "2.5.4.3";

  private final byte[] der;
  private final byte[] tbs;
  private final int version;
  private final BigInteger serial;
  /** The serial's minimal two's-complement bytes, kept so that revocation lookups allocate nothing. */
  private final byte[] serialBytes;
  private final byte[] rawIssuer;
  private final byte[] rawSubject;
  private final List<DnAttribute> issuerAttributes;
  private final List<DnAttribute> subjectAttributes;
  private final Instant notBefore;
  private final Instant notAfter;
  private final CertPublicKey publicKey;
  private final AlgorithmIdentifier signatureAlgorithmId;
  private final byte[] signatureAlgorithmDer;
  private final SignatureAlgorithm signatureAlgorithm;
  private final byte[] signature;
  private final ExtensionParser ext;
  private final int hash;
  /**
   * Results of signature checks of this certificate against issuer keys: a pure function of the
   * two, remembered so that a CA's chain is verified once per MSP, not once per identity.
   */
  private final Map<CertPublicKey, Boolean> signatureChecks = new ConcurrentHashMap<>(2);
  /** {@link #ref()}, once made. */
  private volatile CertificateRef ref;

  private ParsedCertificate(byte[] der, byte[] tbs, int version, BigInteger serial,
      byte[] rawIssuer, byte[] rawSubject, List<DnAttribute> issuerAttributes,
      List<DnAttribute> subjectAttributes, Instant notBefore, Instant notAfter,
      CertPublicKey publicKey, AlgorithmIdentifier signatureAlgorithmId,
      byte[] signatureAlgorithmDer, byte[] signature, ExtensionParser ext) {
    this.der = der;
    this.tbs = tbs;
    this.version = version;
    this.serial = serial;
    this.serialBytes = serial.toByteArray();
    this.rawIssuer = rawIssuer;
    this.rawSubject = rawSubject;
    this.issuerAttributes = issuerAttributes;
    this.subjectAttributes = subjectAttributes;
    this.notBefore = notBefore;
    this.notAfter = notAfter;
    this.publicKey = publicKey;
    this.signatureAlgorithmId = signatureAlgorithmId;
    this.signatureAlgorithmDer = signatureAlgorithmDer;
    this.signatureAlgorithm = SignatureAlgorithm.of(signatureAlgorithmId);
    this.signature = signature;
    this.ext = ext;
    this.hash = tailHash(der);
  }

  /**
   * A hash consistent with equality by DER bytes that does not read all of them: the length and
   * the last 32 bytes, which are the signature value's (random for every certificate). Certificates
   * are hashed on every identity's path (pool membership), and all bytes cost more than the rest
   * of the check; the sets hashed are the MSP's configured certificates.
   */
  private static int tailHash(byte[] der) {
    int from = Math.max(0, der.length - 32);
    int h = der.length;
    for (int i = from; i < der.length; i++) {
      h = 31 * h + der[i];
    }
    return h;
  }

  /**
   * Parses DER bytes of one certificate. Trailing bytes, BER encodings and everything else Go's
   * parser rejects (negative serial, mismatched inner/outer signature algorithms, duplicate or
   * malformed extensions, unsupported curves, bad name strings...) throw.
   */
  public static ParsedCertificate parse(byte[] der) {
    return parse(der, GoX509Rules.GO_1_23);
  }

  /**
   * Parses DER bytes of one certificate as the Go release of {@code rules} does: {@link
   * #parse(byte[])} with that release's differences (REL-X509-03, -05 to -08; such refusals carry
   * their rule).
   */
  public static ParsedCertificate parse(byte[] der, GoX509Rules rules) {
    Objects.requireNonNull(rules, "rules");
    if (der == null || der.length == 0) {
      throw new CertificateParseException("x509: malformed certificate: no bytes");
    }
    byte[] input = der.clone();
    // The usual certificate shape is read in one pass over the DER; anything else, and every
    // refusal with its message, comes from the reference parse, which decides alone.
    ParsedCertificate fast = SinglePassParser.tryParse(input, rules);
    return fast != null ? fast : parseReference(input, rules);
  }

  /**
   * The reference parse: Bouncy Castle reads the whole structure, which must encode back to the
   * same bytes, then the fields are taken from its objects. {@link #parse} gives field for field
   * the same certificate (or this one) and refuses exactly what this refuses, with its message.
   * Go 1.23's rules.
   */
  public static ParsedCertificate parseReference(byte[] der) {
    return parseReference(der, GoX509Rules.GO_1_23);
  }

  /** {@link #parseReference(byte[])} as the Go release of {@code rules} parses. */
  public static ParsedCertificate parseReference(byte[] der, GoX509Rules rules) {
    Objects.requireNonNull(rules, "rules");
    if (der == null || der.length == 0) {
      throw new CertificateParseException("x509: malformed certificate: no bytes");
    }
    byte[] input = der.clone();
    ASN1Primitive top;
    try {
      top = ASN1Primitive.fromByteArray(input);
    } catch (Exception e) {
      throw new CertificateParseException("x509: malformed certificate", e);
    }
    if (!(top instanceof ASN1Sequence certSeq) || !Arrays.equals(Der.encode(top), input)) {
      throw new CertificateParseException("x509: malformed certificate");
    }
    try {
      return parseStructure(input, certSeq, children(input, GoAsn1.element(input, 0)), rules);
    } catch (CertificateParseException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new CertificateParseException("x509: malformed certificate: " + e.getMessage(), e);
    }
  }

  /**
   * Reads the certificate from Bouncy Castle's objects; {@code certParts} are the elements of the
   * outer SEQUENCE in {@code input}. Since the input re-encodes to itself, every element's bytes
   * are its slice of the input: raw fields are copied from there instead of being encoded again.
   */
  private static ParsedCertificate parseStructure(
      byte[] input, ASN1Sequence certSeq, List<GoAsn1.Header> certParts, GoX509Rules rules) {
    if (certSeq.size() < 1 || !(certSeq.getObjectAt(0).toASN1Primitive() instanceof ASN1Sequence tbsSeq)) {
      throw new CertificateParseException("x509: malformed tbs certificate");
    }
    byte[] tbs = GoAsn1.raw(input, certParts.get(0));
    List<GoAsn1.Header> tbsParts = children(input, certParts.get(0));
    List<ASN1Encodable> f = new ArrayList<>();
    tbsSeq.forEach(f::add);
    int i = 0;
    int version = 0;
    if (i < f.size() && f.get(i) instanceof ASN1TaggedObject t
        && t.getTagClass() == BERTags.CONTEXT_SPECIFIC && t.getTagNo() == 0) {
      if (!t.isExplicit() || !(t.getExplicitBaseObject() instanceof ASN1Integer v)) {
        throw new CertificateParseException("x509: malformed version");
      }
      BigInteger vv = v.getValue();
      if (vv.signum() < 0 || vv.bitLength() > 31) {
        throw new CertificateParseException("x509: malformed version");
      }
      version = vv.intValue();
      i++;
    }
    version++;
    if (version > 3) {
      throw new CertificateParseException("x509: invalid version");
    }
    if (i >= f.size() || !(f.get(i) instanceof ASN1Integer serialInt)) {
      throw new CertificateParseException("x509: malformed serial number");
    }
    BigInteger serial = serialInt.getValue();
    if (serial.signum() < 0) {
      throw new CertificateParseException("x509: negative serial number");
    }
    i++;
    if (i >= f.size() || !(f.get(i).toASN1Primitive() instanceof ASN1Sequence innerSigAlg)) {
      throw new CertificateParseException("x509: malformed signature algorithm identifier");
    }
    i++;
    if (certSeq.size() < 2 || !(certSeq.getObjectAt(1).toASN1Primitive() instanceof ASN1Sequence outerSigAlg)) {
      throw new CertificateParseException("x509: malformed algorithm identifier");
    }
    byte[] sigAlgDer = GoAsn1.raw(input, certParts.get(1));
    GoAsn1.Header inner = tbsParts.get(i - 1);
    if (!Arrays.equals(input, inner.start(), inner.end(), sigAlgDer, 0, sigAlgDer.length)) {
      throw new CertificateParseException(
          "x509: inner and outer signature algorithm identifiers don't match");
    }
    AlgorithmIdentifier sigAlgId;
    try {
      sigAlgId = AlgorithmIdentifier.getInstance(outerSigAlg);
    } catch (RuntimeException e) {
      throw new CertificateParseException("x509: malformed algorithm identifier", e);
    }
    Der.goOid(sigAlgId.getAlgorithm(), "x509: malformed OID");
    if (i >= f.size() || !(f.get(i).toASN1Primitive() instanceof ASN1Sequence issuerSeq)) {
      throw new CertificateParseException("x509: malformed issuer");
    }
    byte[] rawIssuer = GoAsn1.raw(input, tbsParts.get(i));
    List<DnAttribute> issuerAttrs = DistinguishedNames.parse(issuerSeq, rules);
    i++;
    if (i >= f.size() || !(f.get(i).toASN1Primitive() instanceof ASN1Sequence validity)
        || validity.size() < 2) {
      throw new CertificateParseException("x509: malformed validity");
    }
    List<GoAsn1.Header> times = children(input, tbsParts.get(i));
    Instant notBefore = GoTime.parse(GoAsn1.raw(input, times.get(0)));
    Instant notAfter = GoTime.parse(GoAsn1.raw(input, times.get(1)));
    i++;
    if (i >= f.size() || !(f.get(i).toASN1Primitive() instanceof ASN1Sequence subjectSeq)) {
      throw new CertificateParseException("x509: malformed subject");
    }
    byte[] rawSubject = GoAsn1.raw(input, tbsParts.get(i));
    List<DnAttribute> subjectAttrs = DistinguishedNames.parse(subjectSeq, rules);
    i++;
    if (i >= f.size() || !(f.get(i).toASN1Primitive() instanceof ASN1Sequence spkiSeq)) {
      throw new CertificateParseException("x509: malformed spki");
    }
    CertPublicKey key = CertPublicKey.parse(spkiSeq, GoAsn1.raw(input, tbsParts.get(i)));
    i++;
    ExtensionParser ext = new ExtensionParser(rules);
    if (version > 1) {
      // Go skips a primitive [1] and [2] (the unique identifiers), then reads a constructed [3]
      // whose first element is the extensions SEQUENCE; anything else there is not looked at.
      if (i < f.size() && tagByte(input, tbsParts.get(i)) == 0x81) {
        i++;
      }
      if (i < f.size() && tagByte(input, tbsParts.get(i)) == 0x82) {
        i++;
      }
      if (version == 3 && i < f.size() && tagByte(input, tbsParts.get(i)) == 0xa3) {
        byte[] wrapped = GoAsn1.contents(input, tbsParts.get(i));
        ext.parse(Der.firstSequence(wrapped, "x509: malformed extensions"));
      }
    }
    if (certSeq.size() < 3) {
      throw new CertificateParseException("x509: malformed signature");
    }
    byte[] signature = Der.bitStringBytes(certSeq.getObjectAt(2), "x509: malformed signature");
    return new ParsedCertificate(input, tbs, version, serial, rawIssuer, rawSubject,
        issuerAttrs, subjectAttrs, notBefore, notAfter, key, sigAlgId, sigAlgDer, signature, ext);
  }

  /** A certificate from fields already read and checked (see {@link SinglePassParser}). */
  static ParsedCertificate of(byte[] der, byte[] tbs, int version, BigInteger serial,
      byte[] rawIssuer, byte[] rawSubject, List<DnAttribute> issuerAttributes,
      List<DnAttribute> subjectAttributes, Instant notBefore, Instant notAfter,
      CertPublicKey publicKey, AlgorithmIdentifier signatureAlgorithmId,
      byte[] signatureAlgorithmDer, byte[] signature, ExtensionParser ext) {
    return new ParsedCertificate(der, tbs, version, serial, rawIssuer, rawSubject,
        issuerAttributes, subjectAttributes, notBefore, notAfter, publicKey,
        signatureAlgorithmId, signatureAlgorithmDer, signature, ext);
  }

  /** The identifier octet of an element. */
  private static int tagByte(byte[] der, GoAsn1.Header element) {
    return der[element.start()] & 0xff;
  }

  /** The elements directly inside {@code parent}, in order. */
  private static List<GoAsn1.Header> children(byte[] der, GoAsn1.Header parent) {
    List<GoAsn1.Header> out = new ArrayList<>();
    for (int pos = parent.contentStart(); pos < parent.end(); ) {
      GoAsn1.Header h = GoAsn1.element(der, pos, parent.end());
      out.add(h);
      pos = h.end();
    }
    return out;
  }

  // ---- raw material ----

  /** The exact certificate bytes. */
  public byte[] der() {
    return der.clone();
  }

  /** The exact TBSCertificate bytes (the signed data). */
  public byte[] tbs() {
    return tbs.clone();
  }

  /** Certificate version: 1, 2 or 3. */
  public int version() {
    return version;
  }

  /** The serial number (never negative). */
  public BigInteger serial() {
    return serial;
  }

  /**
   * Whether a set of revoked serials lists this certificate's serial, given the set's lookup by
   * minimal two's-complement bytes: the bytes are lent, not copied, so the set must not keep them.
   */
  public boolean serialIn(SerialLookup set) {
    return set.contains(serialBytes, 0, serialBytes.length);
  }

  /** A lookup of a serial number by its minimal two's-complement bytes. */
  @FunctionalInterface
  public interface SerialLookup {
    /** Whether the serial {@code b[off, off + len)} is present; must not keep or change the bytes. */
    boolean contains(byte[] b, int off, int len);
  }

  /** Lower-case hex of the serial number. */
  public String serialHex() {
    return serial.toString(16);
  }

  /** The issuer Name exactly as encoded (tag and length included). */
  public byte[] rawIssuer() {
    return rawIssuer.clone();
  }

  /** The subject Name exactly as encoded (tag and length included). */
  public byte[] rawSubject() {
    return rawSubject.clone();
  }

  /** True when this certificate's issuer bytes equal {@code other}'s subject bytes. */
  public boolean issuerIs(ParsedCertificate other) {
    return Arrays.equals(rawIssuer, other.rawSubject);
  }

  /** True when the subject bytes equal {@code other}'s (compared in place, nothing copied). */
  public boolean sameSubject(ParsedCertificate other) {
    return Arrays.equals(rawSubject, other.rawSubject);
  }

  /** True when subject and issuer bytes are equal (self-issued). */
  public boolean selfIssued() {
    return Arrays.equals(rawIssuer, rawSubject);
  }

  /** Subject attributes in certificate order. */
  public List<DnAttribute> subjectAttributes() {
    return subjectAttributes;
  }

  /** Issuer attributes in certificate order. */
  public List<DnAttribute> issuerAttributes() {
    return issuerAttributes;
  }

  /**
   * Subject OU values (2.5.4.11) in order of appearance across RDNs, duplicates kept (IDENT-03).
   */
  public List<String> subjectOrganizationalUnits() {
    List<String> out = new ArrayList<>();
    for (DnAttribute a : subjectAttributes) {
      if (a.oid().equals(OID_OU)) {
        out.add(a.value());
      }
    }
    return Collections.unmodifiableList(out);
  }

  /** The subject common name as Go reports it: the last CN attribute, or "" when none. */
  public String subjectCommonName() {
    String cn = "";
    for (DnAttribute a : subjectAttributes) {
      if (a.oid().equals(OID_CN)) {
        cn = a.value();
      }
    }
    return cn;
  }

  /** RFC 4514 text of the subject, for messages. */
  public String subjectText() {
    return DistinguishedNames.describe(rawSubject);
  }

  /** RFC 4514 text of the issuer, for messages. */
  public String issuerText() {
    return DistinguishedNames.describe(rawIssuer);
  }

  /**
   * Names the certificate for error messages and signer reports; made on first use and kept, since
   * signers of blocks and transactions are named again and again (a race makes it twice, equal).
   */
  public CertificateRef ref() {
    CertificateRef r = ref;
    if (r == null) {
      r = new CertificateRef(subjectText(), serialHex(), issuerText());
      ref = r;
    }
    return r;
  }

  /** "subject=..., serial=..., issuer=..." for messages. */
  public String describe() {
    return "subject=" + subjectText() + ", serial=" + serialHex() + ", issuer=" + issuerText();
  }

  public Instant notBefore() {
    return notBefore;
  }

  public Instant notAfter() {
    return notAfter;
  }

  /** The instant T(c) = notBefore + 1 s at which the MSP checks this certificate. */
  public Instant verificationTime() {
    return notBefore.plusSeconds(1);
  }

  public CertPublicKey publicKey() {
    return publicKey;
  }

  /** The signatureAlgorithm as parsed. */
  public AlgorithmIdentifier signatureAlgorithmId() {
    return signatureAlgorithmId;
  }

  /** The exact bytes of the outer signatureAlgorithm. */
  public byte[] signatureAlgorithmDer() {
    return signatureAlgorithmDer.clone();
  }

  /** The signature algorithm as Go classifies it. */
  public SignatureAlgorithm signatureAlgorithm() {
    return signatureAlgorithm;
  }

  /** The signature value (BIT STRING content, right-aligned). */
  public byte[] signature() {
    return signature.clone();
  }

  // ---- extensions ----

  /** All extensions in order (empty for v1 and v2 certificates). */
  public List<CertExtension> extensions() {
    return Collections.unmodifiableList(ext.extensions);
  }

  /** True when an extension with this OID is present. */
  public boolean hasExtension(String oid) {
    for (CertExtension e : ext.extensions) {
      if (e.oid().equals(oid)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Critical extensions that the Go release of the parse rules does not handle (CHAIN-05; the
   * policy extensions are handled from Go 1.24 on, REL-X509-05).
   */
  public List<String> unhandledCriticalExtensions() {
    return Collections.unmodifiableList(ext.unhandledCritical);
  }

  /** True when a basicConstraints extension is present. */
  public boolean basicConstraintsPresent() {
    return ext.basicConstraintsValid;
  }

  /** True when basicConstraints is present with cA = true. */
  public boolean isCa() {
    return ext.basicConstraintsValid && ext.isCa;
  }

  /** pathLenConstraint; empty when absent (a negative value means "no limit", as in Go). */
  public Optional<Integer> pathLenConstraint() {
    return ext.maxPathLen == -1 ? Optional.empty() : Optional.of(ext.maxPathLen);
  }

  /** Go's MaxPathLen: -1 when absent. */
  public int maxPathLen() {
    return ext.maxPathLen;
  }

  /** Key usage bits as Go numbers them (bit 0 digitalSignature ... bit 5 keyCertSign); 0 if absent. */
  public int keyUsageBits() {
    return ext.keyUsage;
  }

  /** True when key usage allows keyCertSign, or no key usage bit is set at all (Go's rule). */
  public boolean keyUsageAllowsCertSign() {
    return ext.keyUsage == 0 || (ext.keyUsage & (1 << 5)) != 0;
  }

  /** Extended key usage OIDs in order; empty when absent or empty. */
  public List<String> extendedKeyUsages() {
    return Collections.unmodifiableList(ext.extKeyUsages);
  }

  /** Subject key identifier bytes. */
  public Optional<byte[]> subjectKeyId() {
    return Optional.ofNullable(ext.subjectKeyId).map(byte[]::clone);
  }

  /** Authority key identifier keyIdentifier bytes. */
  public Optional<byte[]> authorityKeyId() {
    return Optional.ofNullable(ext.authorityKeyId).map(byte[]::clone);
  }

  byte[] skiOrEmpty() {
    return ext.subjectKeyId == null ? new byte[0] : ext.subjectKeyId;
  }

  byte[] akiOrEmpty() {
    return ext.authorityKeyId == null ? new byte[0] : ext.authorityKeyId;
  }

  /** True when SKI bytes (empty if absent) equal the AKI keyIdentifier of {@code child}. */
  public boolean skiMatchesAkiOf(ParsedCertificate child) {
    return Arrays.equals(skiOrEmpty(), child.akiOrEmpty());
  }

  /** Whether child's AKI and this SKI are "one present, one absent". */
  public boolean exactlyOneKeyIdPresent(ParsedCertificate child) {
    return (skiOrEmpty().length == 0) != (child.akiOrEmpty().length == 0);
  }

  /** True when a subjectAltName extension is present. */
  public boolean hasSubjectAltName() {
    return ext.sanValue != null;
  }

  /**
   * True when both have a subjectAltName extension with the same value bytes (compared in place).
   */
  public boolean sameSubjectAltNameValue(ParsedCertificate other) {
    return ext.sanValue != null && Arrays.equals(ext.sanValue, other.ext.sanValue);
  }

  /** The subjectAltName extension value bytes. */
  public Optional<byte[]> subjectAltNameValue() {
    return Optional.ofNullable(ext.sanValue).map(byte[]::clone);
  }

  /** All GeneralNames of the SAN extension in order. */
  public List<GeneralNameEntry> subjectAltNames() {
    return Collections.unmodifiableList(ext.sans);
  }

  public List<String> dnsNames() {
    return Collections.unmodifiableList(ext.dnsNames);
  }

  public List<String> emailAddresses() {
    return Collections.unmodifiableList(ext.emails);
  }

  public List<String> uris() {
    return Collections.unmodifiableList(ext.uris);
  }

  /** IP SANs, 4 or 16 bytes each. */
  public List<byte[]> ipAddresses() {
    List<byte[]> out = new ArrayList<>();
    ext.ips.forEach(b -> out.add(b.clone()));
    return out;
  }

  /** True when a nameConstraints extension is present. */
  public boolean hasNameConstraints() {
    return ext.hasNameConstraintsExtension;
  }

  /** The parsed name constraints, when present. */
  public Optional<NameConstraints> nameConstraints() {
    return Optional.ofNullable(ext.nameConstraints);
  }

  /** certificatePolicies OIDs in order. */
  public List<String> policies() {
    return Collections.unmodifiableList(ext.policies);
  }

  /**
   * The policy fields chain policy processing reads (REL-X509-05): policies, mappings and skip
   * counts, the last two read only under rules with {@link GoX509Rules#certificatePolicies()}.
   */
  public PolicyInfo policyInfo() {
    return ext.policyInfo();
  }

  /** The rules of the Go release this certificate was parsed as. */
  public GoX509Rules rules() {
    return ext.rules;
  }

  /**
   * Whether this certificate's signature verifies with {@code issuerKey}, computed by
   * {@code check} on the first call for that key and remembered afterwards.
   */
  public boolean signatureVerifiesWith(CertPublicKey issuerKey, Predicate<CertPublicKey> check) {
    return signatureChecks.computeIfAbsent(issuerKey, check::test);
  }

  /**
   * This certificate with another signature value: the DER of SEQUENCE{TBSCertificate,
   * signatureAlgorithm, BIT STRING(signature)} from this certificate's exact parts, with this
   * certificate's parsed fields. Field for field what {@link #parse} makes of those bytes (the
   * parts were accepted by it and are copied verbatim; the signature value is not interpreted by
   * parsing), without parsing them again. The signature check results are not carried over.
   */
  public ParsedCertificate withSignature(byte[] newSignature) {
    byte[] sig = newSignature.clone();
    byte[] newDer = Der.sequence(tbs, signatureAlgorithmDer, Der.bitString(sig));
    return new ParsedCertificate(newDer, tbs, version, serial, rawIssuer, rawSubject,
        issuerAttributes, subjectAttributes, notBefore, notAfter, publicKey,
        signatureAlgorithmId, signatureAlgorithmDer, sig, ext);
  }

  /**
   * Takes over the signature check results of {@code original}, of which this certificate is the
   * low-S re-encoding: an ECDSA signature (r, s) verifies exactly when (r, n - s) does.
   */
  public void inheritSignatureChecks(ParsedCertificate original) {
    signatureChecks.putAll(original.signatureChecks);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ParsedCertificate other && Arrays.equals(der, other.der);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return "certificate " + describe();
  }
}
