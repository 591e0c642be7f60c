package io.msp4j.x509.internal.cert;

import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;

/**
 * Reads a nameConstraints extension as Go's certificate parser does (CHAIN-05, SETUP-PARSE-01):
 * permitted and excluded subtrees of the four types Go handles (dNSName, rfc822Name, URI,
 * iPAddress), each value checked as the Go release of the rules checks it (REL-X509-03); any
 * other type makes the extension unhandled.
 */
final class NameConstraintsParser {
  private NameConstraintsParser() {}

  /** The constraints read, and whether a subtree of a type Go does not handle was met. */
  record Result(NameConstraints constraints, boolean unhandled) {}

  /** Reads the extension value as Go's parser does, under {@code rules}. */
  static Result parse(byte[] v, GoX509Rules rules) {
    ASN1Primitive top = Der.only(v, "x509: invalid NameConstraints extension");
    if (!(top instanceof ASN1Sequence seq)) {
      throw new CertificateParseException("x509: invalid NameConstraints extension");
    }
    ASN1Sequence permitted = null;
    ASN1Sequence excluded = null;
    int i = 0;
    if (i < seq.size() && isContextConstructed(seq.getObjectAt(i), 0)) {
      permitted = subtrees(seq.getObjectAt(i));
      i++;
    }
    if (i < seq.size() && isContextConstructed(seq.getObjectAt(i), 1)) {
      excluded = subtrees(seq.getObjectAt(i));
      i++;
    }
    if (i != seq.size()) {
      throw new CertificateParseException("x509: invalid NameConstraints extension");
    }
    boolean permittedEmpty = permitted == null || permitted.size() == 0;
    boolean excludedEmpty = excluded == null || excluded.size() == 0;
    if (permittedEmpty && excludedEmpty) {
      throw new CertificateParseException("x509: empty name constraints extension");
    }
    Subtrees p = readSubtrees(permitted, rules);
    Subtrees x = readSubtrees(excluded, rules);
    return new Result(new NameConstraints(p.dns, x.dns, p.emails, x.emails, p.uris, x.uris,
        p.ips, x.ips), p.unhandled || x.unhandled);
  }

  private static boolean isContextConstructed(ASN1Encodable e, int tagNo) {
    byte[] tlv = Der.encode(e);
    return (tlv[0] & 0xff) == (0xA0 | tagNo);
  }

  private static ASN1Sequence subtrees(ASN1Encodable tagged) {
    // [n] IMPLICIT GeneralSubtrees: the content is a list of GeneralSubtree SEQUENCEs.
    byte[] content = Der.contents(Der.encode(tagged));
    List<ASN1Encodable> items = new ArrayList<>();
    int pos = 0;
    while (pos < content.length) {
      byte[] rest = java.util.Arrays.copyOfRange(content, pos, content.length);
      ASN1Primitive p = Der.first(rest, "x509: invalid NameConstraints extension");
      items.add(p);
      pos += Der.encode(p).length;
    }
    return new org.bouncycastle.asn1.DLSequence(items.toArray(new ASN1Encodable[0]));
  }

  private static final class Subtrees {
    final List<String> dns = new ArrayList<>();
    final List<String> emails = new ArrayList<>();
    final List<String> uris = new ArrayList<>();
    final List<IpRange> ips = new ArrayList<>();
    boolean unhandled;
  }

  private static Subtrees readSubtrees(ASN1Sequence seq, GoX509Rules rules) {
    Subtrees out = new Subtrees();
    if (seq == null) {
      return out;
    }
    for (ASN1Encodable st : seq) {
      if (!(st.toASN1Primitive() instanceof ASN1Sequence subtree) || subtree.size() < 1) {
        throw new CertificateParseException("x509: invalid NameConstraints extension");
      }
      byte[] tlv = Der.encode(subtree.getObjectAt(0));
      if ((tlv[0] & 0x1f) == 0x1f) {
        // cryptobyte reads only low tag numbers: a high-tag-number base is an error
        throw new CertificateParseException("x509: invalid NameConstraints extension");
      }
      byte[] value = Der.contents(tlv);
      String text = new String(value, java.nio.charset.StandardCharsets.ISO_8859_1);
      switch (tlv[0] & 0xff) {
        case 0x82 -> {
          if (!GoNames.isIa5(value)) {
            throw new CertificateParseException("x509: invalid constraint value");
          }
          String trimmed = text.startsWith(".") ? text.substring(1) : text;
          if (!DomainNameCheck.accepts(text, true, trimmed, rules)) {
            throw new CertificateParseException(
                "x509: failed to parse dnsName constraint \"" + text + "\"",
                DomainNameCheck.newlyRefused(trimmed));
          }
          out.dns.add(text);
        }
        case 0x87 -> {
          if (value.length != 8 && value.length != 32) {
            throw new CertificateParseException(
                "x509: IP constraint contained value of length " + value.length);
          }
          int half = value.length / 2;
          byte[] ip = java.util.Arrays.copyOfRange(value, 0, half);
          byte[] mask = java.util.Arrays.copyOfRange(value, half, value.length);
          if (!validMask(mask)) {
            throw new CertificateParseException("x509: IP constraint contained invalid mask");
          }
          out.ips.add(new IpRange(ip, mask));
        }
        case 0x81 -> {
          if (!GoNames.isIa5(value)) {
            throw new CertificateParseException("x509: invalid constraint value");
          }
          if (text.contains("@")) {
            if (GoNames.parseMailbox(text) == null) {
              throw new CertificateParseException(
                  "x509: failed to parse rfc822Name constraint \"" + text + "\"");
            }
          } else {
            String d = text.startsWith(".") ? text.substring(1) : text;
            if (!DomainNameCheck.accepts(text, true, d, rules)) {
              throw new CertificateParseException(
                  "x509: failed to parse rfc822Name constraint \"" + text + "\"",
                  DomainNameCheck.newlyRefused(d));
            }
          }
          out.emails.add(text);
        }
        case 0x86 -> {
          if (!GoNames.isIa5(value)) {
            throw new CertificateParseException("x509: invalid constraint value");
          }
          if (GoIp.parse(text) != null) {
            throw new CertificateParseException(
                "x509: failed to parse URI constraint \"" + text + "\": cannot be IP address");
          }
          String d = text.startsWith(".") ? text.substring(1) : text;
          if (!DomainNameCheck.accepts(text, true, d, rules)) {
            throw new CertificateParseException(
                "x509: failed to parse URI constraint \"" + text + "\"", DomainNameCheck.newlyRefused(d));
          }
          out.uris.add(text);
        }
        default -> out.unhandled = true;
      }
    }
    return out;
  }

  private static boolean validMask(byte[] mask) {
    boolean seenZero = false;
    for (byte b : mask) {
      if (seenZero) {
        if (b != 0) {
          return false;
        }
        continue;
      }
      switch (b & 0xff) {
        case 0x00, 0x80, 0xc0, 0xe0, 0xf0, 0xf8, 0xfc, 0xfe -> seenZero = true;
        case 0xff -> {
          // continue
        }
        default -> {
          return false;
        }
      }
    }
    return true;
  }
}
