package io.msp4j.testdata;

import java.util.Objects;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERPrintableString;
import org.bouncycastle.asn1.DERUTF8String;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameStyle;
import org.bouncycastle.asn1.x500.style.BCStyle;

/**
 * Distinguished names from text, encoded as Go's x509 package encodes them: each attribute value
 * is a PrintableString when every character allows it, otherwise a UTF8String.
 *
 * <p>Text uses Bouncy Castle's syntax ({@code "CN=peer0,OU=peer,O=Org1"}, {@code +} joins the
 * attributes of a multi-valued RDN, {@code #hex} gives a raw DER value). RDNs are encoded in the
 * order written, the first one first (no RFC 4514 reversal). Attribute names are those of
 * {@link BCStyle} (CN, O, OU, C, ST, L, STREET, PostalCode, SERIALNUMBER, E, DC, ...).
 */
public final class Names {
  /** The attribute-value encoding used for text names. */
  static final X500NameStyle GO_STYLE = new GoStyle();

  private Names() {}

  /** Parses {@code dn} into a name with Go's string encodings. */
  public static X500Name parse(String dn) {
    Objects.requireNonNull(dn, "dn");
    try {
      return new X500Name(GO_STYLE, dn);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a distinguished name: \"" + dn + "\": " + e.getMessage(), e);
    }
  }

  /** A builder that appends RDNs in call order. */
  public static NameBuilder builder() {
    return new NameBuilder();
  }

  /** Go's choice of string type: PrintableString if possible, else UTF8String. */
  static ASN1Encodable goString(String value) {
    return isPrintable(value) ? new DERPrintableString(value) : new DERUTF8String(value);
  }

  /** Go's asn1 PrintableString alphabet (without '*' and '&'). */
  static boolean isPrintable(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || " '()+,-./:=?".indexOf(c) >= 0;
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  /** BCStyle names and syntax, Go's string types. */
  private static final class GoStyle extends BCStyle {
    @Override
    protected ASN1Encodable encodeStringValue(ASN1ObjectIdentifier oid, String value) {
      return goString(value);
    }
  }
}
