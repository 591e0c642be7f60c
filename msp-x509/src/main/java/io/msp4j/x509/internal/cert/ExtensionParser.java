package io.msp4j.x509.internal.cert;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.ASN1BitString;
import org.bouncycastle.asn1.ASN1Boolean;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.BERTags;

/**
 * Interprets certificate extensions the way Go's {@code processExtensions} does in the release of
 * its {@link GoX509Rules} (Go 1.23's, with the release differences REL-X509-03, -05, -06 and -07
 * where the rules say so): which are handled, which parse errors make the whole certificate
 * unparsable, and which critical extensions are left unhandled.
 */
final class ExtensionParser {
  static final String SKI = "2.5.29.14";
  static final String KEY_USAGE = "2.5.29.15";
  static final String SAN = "2.5.29.17";
  static final String BASIC_CONSTRAINTS = "2.5.29.19";
  static final String NAME_CONSTRAINTS = "2.5.29.30";
  static final String CRL_DP = "2.5.29.31";
  static final String POLICIES = "2.5.29.32";
  static final String AKI = "2.5.29.35";
  static final String EKU = "2.5.29.37";
  static final String AIA = "1.3.6.1.5.5.7.1.1";

  /** The Go release whose parser this one follows. */
  final GoX509Rules rules;

  // Results.
  final List<CertExtension> extensions = new ArrayList<>();
  final List<String> unhandledCritical = new ArrayList<>();
  boolean basicConstraintsValid;
  boolean isCa;
  int maxPathLen = -1;
  int keyUsage;
  final List<String> extKeyUsages = new ArrayList<>();
  byte[] subjectKeyId;
  byte[] authorityKeyId;
  byte[] sanValue;
  final List<GeneralNameEntry> sans = new ArrayList<>();
  final List<String> dnsNames = new ArrayList<>();
  final List<String> emails = new ArrayList<>();
  final List<byte[]> ips = new ArrayList<>();
  final List<String> uris = new ArrayList<>();
  NameConstraints nameConstraints;
  boolean hasNameConstraintsExtension;
  final List<String> policies = new ArrayList<>();
  /** The policy OIDs as the hex of their DER contents, for policy processing (Go 1.24+). */
  final List<String> policyKeys = new ArrayList<>();
  final List<PolicyInfo.Mapping> policyMappings = new ArrayList<>();
  Long requireExplicitPolicy;
  Long inhibitPolicyMapping;
  Long inhibitAnyPolicy;

  ExtensionParser(GoX509Rules rules) {
    this.rules = java.util.Objects.requireNonNull(rules, "rules");
  }

  /** The policy fields read, for chain policy processing. */
  PolicyInfo policyInfo() {
    if (policyKeys.isEmpty() && policyMappings.isEmpty() && requireExplicitPolicy == null
        && inhibitPolicyMapping == null && inhibitAnyPolicy == null) {
      return PolicyInfo.NONE;
    }
    return new PolicyInfo(policyKeys, policyMappings, optional(requireExplicitPolicy),
        optional(inhibitPolicyMapping), optional(inhibitAnyPolicy));
  }

  private static java.util.OptionalLong optional(Long v) {
    return v == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(v);
  }

  /** Reads the SEQUENCE OF Extension inside the [3] wrapper. */
  void parse(ASN1Primitive extensionsSeq) {
    if (!(extensionsSeq instanceof ASN1Sequence seq)) {
      throw new CertificateParseException("x509: malformed extensions");
    }
    Set<String> seen = new HashSet<>();
    for (ASN1Encodable e : seq) {
      if (!(e.toASN1Primitive() instanceof ASN1Sequence ext) || ext.size() < 1) {
        throw new CertificateParseException("x509: malformed extension");
      }
      if (!(ext.getObjectAt(0) instanceof ASN1ObjectIdentifier oid)) {
        throw new CertificateParseException("x509: malformed extension OID field");
      }
      Der.goOid(oid, "x509: malformed extension OID field");
      int i = 1;
      boolean critical = false;
      if (i < ext.size() && ext.getObjectAt(i) instanceof ASN1Boolean b) {
        critical = strictBoolean(b, "x509: malformed extension critical field");
        i++;
      }
      if (i >= ext.size() || !(ext.getObjectAt(i) instanceof ASN1OctetString value)) {
        throw new CertificateParseException("x509: malformed extension value field");
      }
      add(seen, oid.getId(), critical, value.getOctets());
    }
    interpret();
  }

  /**
   * Takes one extension in certificate order; a repeated OID is an error. Shared by {@link
   * #parse} and {@link SinglePassParser}, which both call {@link #interpret} after the last one.
   */
  void add(Set<String> seen, String oid, boolean critical, byte[] value) {
    if (!seen.add(oid)) {
      throw new CertificateParseException("x509: certificate contains duplicate extensions");
    }
    extensions.add(new CertExtension(oid, critical, value));
  }

  /** Interprets the extensions taken, in order, as Go's processExtensions does. */
  void interpret() {
    for (CertExtension ext : extensions) {
      boolean unhandled = process(ext);
      if (ext.critical() && unhandled) {
        unhandledCritical.add(ext.oid());
      }
    }
  }

  /**
   * {@link #interpret}, reading the usual encodings of the common extensions in place ({@link
   * PlainExtensions}, same outcome) and leaving every other value to {@link #process}.
   */
  void interpretPlainFirst() {
    for (CertExtension ext : extensions) {
      Boolean plain = PlainExtensions.process(this, ext);
      boolean unhandled = plain != null ? plain : process(ext);
      if (ext.critical() && unhandled) {
        unhandledCritical.add(ext.oid());
      }
    }
  }

  private boolean process(CertExtension e) {
    byte[] v = e.value();
    switch (e.oid()) {
      case KEY_USAGE -> {
        ASN1Primitive p = Der.first(v, "x509: invalid key usage");
        byte[] bits = Der.bitStringBytes(p, "x509: invalid key usage");
        int pad = ((ASN1BitString) p).getPadBits();
        int bitLength = bits.length * 8 - pad;
        byte[] leftAligned = ((ASN1BitString) p).getBytes();
        int usage = 0;
        for (int i = 0; i < 9; i++) {
          if (i < bitLength && (leftAligned[i / 8] & (0x80 >> (i % 8))) != 0) {
            usage |= 1 << i;
          }
        }
        keyUsage = usage;
        return false;
      }
      case BASIC_CONSTRAINTS -> {
        ASN1Sequence s = Der.firstSequence(v, "x509: invalid basic constraints");
        int i = 0;
        boolean ca = false;
        if (i < s.size() && s.getObjectAt(i) instanceof ASN1Boolean b) {
          ca = strictBoolean(b, "x509: invalid basic constraints");
          i++;
        }
        int pathLen = -1;
        if (i < s.size() && s.getObjectAt(i) instanceof ASN1Integer n) {
          BigInteger value = n.getValue();
          if (value.bitLength() > 63) {
            throw new CertificateParseException("x509: invalid basic constraints");
          }
          if (value.signum() < 0 && rules.strictStrings()) {
            // Go 1.25 reads the pathLenConstraint as unsigned
            throw new CertificateParseException("x509: invalid basic constraints", "REL-X509-07");
          }
          long l = value.longValue();
          pathLen = l > Integer.MAX_VALUE ? Integer.MAX_VALUE
              : l < Integer.MIN_VALUE ? Integer.MIN_VALUE : (int) l;
        }
        basicConstraintsValid = true;
        isCa = ca;
        maxPathLen = pathLen;
        return false;
      }
      case SAN -> {
        sanValue = v;
        ASN1Sequence s = Der.firstSequence(v, "x509: invalid subject alternative names");
        for (ASN1Encodable n : s) {
          byte[] tlv = Der.encode(n);
          if ((tlv[0] & 0x1f) == 0x1f) {
            // cryptobyte reads only low tag numbers: a high-tag-number GeneralName is an error
            throw new CertificateParseException("x509: invalid subject alternative name");
          }
          int tag = (tlv[0] & 0xff) ^ 0x80;
          byte[] data = Der.contents(tlv);
          sans.add(new GeneralNameEntry(tag, data));
          String text = new String(data, java.nio.charset.StandardCharsets.ISO_8859_1);
          switch (tag) {
            case GeneralNameEntry.EMAIL -> {
              if (!GoNames.isIa5(data)) {
                throw new CertificateParseException("x509: SAN rfc822Name is malformed");
              }
              emails.add(text);
            }
            case GeneralNameEntry.DNS -> {
              if (!GoNames.isIa5(data)) {
                throw new CertificateParseException("x509: SAN dNSName is malformed");
              }
              dnsNames.add(text);
            }
            case GeneralNameEntry.URI -> {
              if (!GoNames.isIa5(data)) {
                throw new CertificateParseException(
                    "x509: SAN uniformResourceIdentifier is malformed");
              }
              GoUrl.Parsed u = GoUrl.parse(text, rules);
              if (!u.ok()) {
                // Refused only by a newer net/url: bracketed hosts or strict colons (REL-URL-01)
                throw new CertificateParseException(
                    "x509: cannot parse URI \"" + text + "\": " + u.error(),
                    GoUrl.parse(text).ok() ? "REL-URL-01" : null);
              }
              if (!u.host().isEmpty() && !DomainNameCheck.accepts(u.host(), false, u.host(), rules)) {
                throw new CertificateParseException(
                    "x509: cannot parse URI \"" + text + "\": invalid domain",
                    DomainNameCheck.newlyRefused(u.host()));
              }
              uris.add(text);
            }
            case GeneralNameEntry.IP -> {
              if (data.length != 4 && data.length != 16) {
                throw new CertificateParseException(
                    "x509: cannot parse IP address of length " + data.length);
              }
              ips.add(data);
            }
            default -> {
              // other name forms are kept but not interpreted
            }
          }
        }
        return dnsNames.isEmpty() && emails.isEmpty() && ips.isEmpty() && uris.isEmpty();
      }
      case NAME_CONSTRAINTS -> {
        hasNameConstraintsExtension = true;
        NameConstraintsParser.Result nc = NameConstraintsParser.parse(v, rules);
        nameConstraints = nc.constraints();
        return nc.unhandled();
      }
      case CRL_DP -> {
        parseCrlDistributionPoints(v);
        return false;
      }
      case AKI -> {
        if (e.critical()) {
          throw new CertificateParseException(
              "x509: authority key identifier incorrectly marked critical");
        }
        ASN1Sequence s = Der.firstSequence(v, "x509: invalid authority key identifier");
        if (s.size() > 0) {
          byte[] tlv = Der.encode(s.getObjectAt(0));
          if ((tlv[0] & 0xff) == 0x80) {
            authorityKeyId = Der.contents(tlv);
          }
        }
        return false;
      }
      case EKU -> {
        ASN1Sequence s = Der.firstSequence(v, "x509: invalid extended key usages");
        for (ASN1Encodable o : s) {
          if (!(o instanceof ASN1ObjectIdentifier oid)) {
            throw new CertificateParseException("x509: invalid extended key usages");
          }
          Der.goOid(oid, "x509: invalid extended key usages");
          extKeyUsages.add(oid.getId());
        }
        return false;
      }
      case SKI -> {
        if (e.critical()) {
          throw new CertificateParseException(
              "x509: subject key identifier incorrectly marked critical");
        }
        if (!(Der.first(v, "x509: invalid subject key identifier") instanceof ASN1OctetString o)) {
          throw new CertificateParseException("x509: invalid subject key identifier");
        }
        subjectKeyId = o.getOctets();
        return false;
      }
      case POLICIES -> {
        ASN1Sequence s = Der.firstSequence(v, "x509: invalid certificate policies");
        for (ASN1Encodable pi : s) {
          if (!(pi.toASN1Primitive() instanceof ASN1Sequence info) || info.size() < 1
              || !(info.getObjectAt(0) instanceof ASN1ObjectIdentifier oid)) {
            throw new CertificateParseException("x509: invalid certificate policies");
          }
          String key = java.util.HexFormat.of().formatHex(Der.contents(Der.encode(oid)));
          if (rules.certificatePolicies() && policyKeys.contains(key)) {
            // Go 1.24 refuses a policy OID listed twice
            throw new CertificateParseException("x509: invalid certificate policies", "REL-X509-06");
          }
          policies.add(oid.getId());
          policyKeys.add(key);
        }
        return false;
      }
      case PolicyExtensions.POLICY_CONSTRAINTS -> {
        if (!rules.certificatePolicies()) {
          return true;
        }
        PolicyExtensions.policyConstraints(v, this);
        return false;
      }
      case PolicyExtensions.POLICY_MAPPINGS -> {
        if (!rules.certificatePolicies()) {
          return true;
        }
        PolicyExtensions.policyMappings(v, policyMappings);
        return false;
      }
      case PolicyExtensions.INHIBIT_ANY_POLICY -> {
        if (!rules.certificatePolicies()) {
          return true;
        }
        PolicyExtensions.inhibitAnyPolicy(v, this);
        return false;
      }
      case AIA -> {
        if (e.critical()) {
          throw new CertificateParseException(
              "x509: authority info access incorrectly marked critical");
        }
        ASN1Sequence s = Der.firstSequence(v, "x509: invalid authority info access");
        for (ASN1Encodable ad : s) {
          if (!(ad.toASN1Primitive() instanceof ASN1Sequence desc) || desc.size() < 1
              || !(desc.getObjectAt(0) instanceof ASN1ObjectIdentifier)) {
            throw new CertificateParseException("x509: invalid authority info access");
          }
          Der.goOid(desc.getObjectAt(0), "x509: invalid authority info access");
        }
        return false;
      }
      default -> {
        return true;
      }
    }
  }

  private static void parseCrlDistributionPoints(byte[] v) {
    String err = "x509: invalid CRL distribution points";
    ASN1Sequence s = Der.firstSequence(v, err);
    for (ASN1Encodable dp : s) {
      if (!(dp.toASN1Primitive() instanceof ASN1Sequence point)) {
        throw new CertificateParseException("x509: invalid CRL distribution point");
      }
      if (point.size() == 0) {
        continue;
      }
      byte[] tlv = Der.encode(point.getObjectAt(0));
      if ((tlv[0] & 0xff) != 0xA0) {
        continue;
      }
      byte[] inner = Der.contents(tlv);
      if (inner.length == 0 || (inner[0] & 0xff) != 0xA0) {
        throw new CertificateParseException("x509: invalid CRL distribution point");
      }
      Der.first(inner, "x509: invalid CRL distribution point");
    }
  }

  private static boolean strictBoolean(ASN1Boolean b, String error) {
    byte[] enc = Der.encode(b);
    int octet = enc[enc.length - 1] & 0xff;
    if (enc.length != 3 || (octet != 0 && octet != 0xff)) {
      throw new CertificateParseException(error);
    }
    return octet == 0xff;
  }

  static boolean isContextTag(ASN1Encodable e, int tagNo) {
    return e instanceof ASN1TaggedObject t && t.getTagClass() == BERTags.CONTEXT_SPECIFIC
        && t.getTagNo() == tagNo;
  }
}
