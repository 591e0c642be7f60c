package io.msp4j.x509.internal.cert;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1Set;
import javax.security.auth.x500.X500Principal;

/**
 * Parses RDN sequences with the acceptance rules of Go's {@code parseName}, as the Go release of
 * the given {@link GoX509Rules} reads attribute strings (REL-X509-08 and T61String, Go 1.25).
 */
final class DistinguishedNames {
  private DistinguishedNames() {}

  private static final int T61 = 20;
  private static final int PRINTABLE = 19;
  private static final int UTF8 = 12;
  private static final int BMP = 30;
  private static final int IA5 = 22;
  private static final int NUMERIC = 18;

  static List<DnAttribute> parse(ASN1Primitive name, GoX509Rules rules) {
    if (!(name instanceof ASN1Sequence seq)) {
      throw new CertificateParseException("x509: invalid RDNSequence");
    }
    List<DnAttribute> out = new ArrayList<>();
    int rdnIndex = 0;
    for (ASN1Encodable rdn : seq) {
      if (!(rdn.toASN1Primitive() instanceof ASN1Set set)) {
        throw new CertificateParseException("x509: invalid RDNSequence");
      }
      for (ASN1Encodable atv : set) {
        if (!(atv.toASN1Primitive() instanceof ASN1Sequence pair) || pair.size() < 1) {
          throw new CertificateParseException("x509: invalid RDNSequence: invalid attribute");
        }
        if (!(pair.getObjectAt(0) instanceof ASN1ObjectIdentifier type)) {
          throw new CertificateParseException("x509: invalid RDNSequence: invalid attribute type");
        }
        Der.goOid(type, "x509: invalid RDNSequence: invalid attribute type");
        if (pair.size() < 2) {
          throw new CertificateParseException(
              "x509: invalid RDNSequence: failed to read attribute value");
        }
        byte[] enc = Der.encode(pair.getObjectAt(1));
        out.add(attribute(rdnIndex, type.getId(), enc[0] & 0xff, Der.contents(enc), rules));
      }
      rdnIndex++;
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * One attribute from its type and its value's identifier octet and contents, with Go's
   * parseASN1String; shared by {@link #parse} and {@link SinglePassParser}.
   */
  static DnAttribute attribute(int rdn, String oid, int identifier, byte[] value,
      GoX509Rules rules) {
    return new DnAttribute(rdn, oid, decodeString(identifier, value, rules));
  }

  /** Go's parseASN1String over the identifier octet and contents of a value. */
  private static String decodeString(int tag, byte[] v, GoX509Rules rules) {
    String bad = "x509: invalid RDNSequence: invalid attribute value: ";
    switch (tag) {
      case T61:
        return rules.strictStrings() ? latin1(v) : t61(v);
      case PRINTABLE:
        for (byte b : v) {
          if (!isPrintable(b)) {
            throw new CertificateParseException(bad + "invalid PrintableString");
          }
        }
        return new String(v, StandardCharsets.ISO_8859_1);
      case UTF8:
        try {
          return StandardCharsets.UTF_8.newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(v)).toString();
        } catch (CharacterCodingException e) {
          throw new CertificateParseException(bad + "invalid UTF-8 string", e);
        }
      case BMP:
        return rules.strictStrings() ? ucs2(v, bad) : bmp(v, bad);
      case IA5:
        if (!GoNames.isIa5(v)) {
          throw new CertificateParseException(bad + "invalid IA5String");
        }
        return new String(v, StandardCharsets.ISO_8859_1);
      case NUMERIC:
        for (byte b : v) {
          if (!((b >= '0' && b <= '9') || b == ' ')) {
            throw new CertificateParseException(bad + "invalid NumericString");
          }
        }
        return new String(v, StandardCharsets.ISO_8859_1);
      default:
        throw new CertificateParseException(bad + "unsupported string type: " + tag);
    }
  }

  /**
   * The number of bytes of a BMPString's code units: an odd length is refused, and one trailing
   * 0x0000 is not a character (every Go release).
   */
  private static int bmpLength(byte[] v, String bad) {
    if (v.length % 2 != 0) {
      throw new CertificateParseException(bad + "invalid BMPString");
    }
    int len = v.length;
    if (len >= 2 && v[len - 1] == 0 && v[len - 2] == 0) {
      len -= 2;
    }
    return len;
  }

  /**
   * Go 1.23's BMPString reading: an odd length is refused, one trailing 0x0000 is dropped, and
   * the code units are decoded as UTF-16 (a surrogate pair gives its code point, a lone surrogate
   * gives U+FFFD; noncharacters are kept).
   */
  private static String bmp(byte[] v, String bad) {
    int len = bmpLength(v, bad);
    StringBuilder sb = new StringBuilder(len / 2);
    for (int i = 0; i < len; i += 2) {
      char unit = (char) (((v[i] & 0xff) << 8) | (v[i + 1] & 0xff));
      if (!Character.isSurrogate(unit)) {
        sb.append(unit);
        continue;
      }
      if (Character.isHighSurrogate(unit) && i + 3 < len) {
        char low = (char) (((v[i + 2] & 0xff) << 8) | (v[i + 3] & 0xff));
        if (Character.isLowSurrogate(low)) {
          sb.append(unit).append(low);
          i += 2;
          continue;
        }
      }
      sb.append('\uFFFD');
    }
    return sb.toString();
  }

  /**
   * Go 1.25's BMPString reading (REL-X509-08): as Go 1.23's, except that a surrogate code unit
   * (U+D800 to U+DFFF, even in a well-formed pair) or a permanent noncharacter (U+FFFE, U+FFFF,
   * U+FDD0 to U+FDEF) is refused; so each code unit is one character.
   */
  private static String ucs2(byte[] v, String bad) {
    int len = bmpLength(v, bad);
    StringBuilder sb = new StringBuilder(len / 2);
    for (int i = 0; i < len; i += 2) {
      char unit = (char) (((v[i] & 0xff) << 8) | (v[i + 1] & 0xff));
      if (Character.isSurrogate(unit) || unit == '\uFFFE' || unit == '\uFFFF'
          || (unit >= '\uFDD0' && unit <= '\uFDEF')) {
        throw new CertificateParseException(bad + "invalid BMPString", "REL-X509-08");
      }
      sb.append(unit);
    }
    return sb.toString();
  }

  /** Go 1.25's T61String reading: each byte is the Latin-1 character of that code. */
  private static String latin1(byte[] v) {
    return new String(v, StandardCharsets.ISO_8859_1);
  }

  /** T61String before Go 1.25: Go keeps the bytes as they are, valid UTF-8 or not. */
  private static String t61(byte[] v) {
    return GoStrings.fromBytes(v);
  }

  static boolean isPrintable(byte b) {
    return ('a' <= b && b <= 'z') || ('A' <= b && b <= 'Z') || ('0' <= b && b <= '9')
        || ('\'' <= b && b <= ')') || ('+' <= b && b <= '/') || b == ' ' || b == ':'
        || b == '=' || b == '?' || b == '*' || b == '&';
  }

  /** RFC 4514 text of a name for messages; hex when Bouncy Castle cannot render it. */
  static String describe(byte[] rawName) {
    try {
      return new X500Principal(rawName).getName(X500Principal.RFC2253);
    } catch (Exception e) {
      return "#" + HexFormat.of().formatHex(rawName);
    }
  }
}
