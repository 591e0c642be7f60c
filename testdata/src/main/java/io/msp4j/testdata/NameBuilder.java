package io.msp4j.testdata;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERPrintableString;
import org.bouncycastle.asn1.DERUTF8String;
import org.bouncycastle.asn1.x500.AttributeTypeAndValue;
import org.bouncycastle.asn1.x500.RDN;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;

/**
 * Builds an {@link X500Name} RDN by RDN, in call order. Values are encoded as Go does
 * (PrintableString when possible, else UTF8String) unless {@link #utf8()} or an explicit
 * {@link ASN1Encodable} is used. Repeating a method (two {@code ou(...)} calls) gives repeated RDNs.
 */
public final class NameBuilder {
  private final List<RDN> rdns = new ArrayList<>();
  private boolean utf8;

  NameBuilder() {}

  /** From now on encode text values as UTF8String, even when PrintableString would do. */
  public NameBuilder utf8() {
    utf8 = true;
    return this;
  }

  /** From now on encode text values the Go way (the default). */
  public NameBuilder goStrings() {
    utf8 = false;
    return this;
  }

  /** countryName (2.5.4.6). */
  public NameBuilder c(String value) {
    return attribute(BCStyle.C, value);
  }

  /** stateOrProvinceName (2.5.4.8). */
  public NameBuilder st(String value) {
    return attribute(BCStyle.ST, value);
  }

  /** localityName (2.5.4.7). */
  public NameBuilder l(String value) {
    return attribute(BCStyle.L, value);
  }

  /** streetAddress (2.5.4.9). */
  public NameBuilder street(String value) {
    return attribute(BCStyle.STREET, value);
  }

  /** postalCode (2.5.4.17). */
  public NameBuilder postalCode(String value) {
    return attribute(BCStyle.POSTAL_CODE, value);
  }

  /** organizationName (2.5.4.10). */
  public NameBuilder o(String value) {
    return attribute(BCStyle.O, value);
  }

  /** organizationalUnitName (2.5.4.11); call repeatedly for several (or duplicated) OUs. */
  public NameBuilder ou(String value) {
    return attribute(BCStyle.OU, value);
  }

  /** One organizationalUnitName RDN per value, in order. */
  public NameBuilder ous(String... values) {
    for (String v : values) {
      ou(v);
    }
    return this;
  }

  /** commonName (2.5.4.3). */
  public NameBuilder cn(String value) {
    return attribute(BCStyle.CN, value);
  }

  /** serialNumber (2.5.4.5). */
  public NameBuilder serialNumber(String value) {
    return attribute(BCStyle.SERIALNUMBER, value);
  }

  /** A single-valued RDN with a text value. */
  public NameBuilder attribute(ASN1ObjectIdentifier type, String value) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(value, "value");
    return attribute(type, encode(value));
  }

  /** A single-valued RDN with an explicitly encoded value (any ASN.1 type). */
  public NameBuilder attribute(ASN1ObjectIdentifier type, ASN1Encodable value) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(value, "value");
    rdns.add(new RDN(type, value));
    return this;
  }

  /**
   * A multi-valued RDN from {@code TYPE=value} strings, e.g. {@code multiValued("OU=peer", "OU=admin")}.
   * Note that DER sorts the members of the SET by their encoding.
   */
  public NameBuilder multiValued(String... attributes) {
    if (attributes.length == 0) {
      throw new IllegalArgumentException("a multi-valued RDN needs at least one attribute");
    }
    AttributeTypeAndValue[] atvs = new AttributeTypeAndValue[attributes.length];
    for (int i = 0; i < attributes.length; i++) {
      String a = Objects.requireNonNull(attributes[i], "attribute");
      int eq = a.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("attribute must look like TYPE=value: \"" + a + "\"");
      }
      ASN1ObjectIdentifier type = BCStyle.INSTANCE.attrNameToOID(a.substring(0, eq).trim());
      atvs[i] = new AttributeTypeAndValue(type, encode(a.substring(eq + 1)));
    }
    rdns.add(new RDN(atvs));
    return this;
  }

  /** Appends all RDNs of {@code name}, encodings unchanged. */
  public NameBuilder append(X500Name name) {
    for (RDN rdn : Objects.requireNonNull(name, "name").getRDNs()) {
      rdns.add(rdn);
    }
    return this;
  }

  /** The name (empty if nothing was added). */
  public X500Name build() {
    return new X500Name(rdns.toArray(new RDN[0]));
  }

  private ASN1Encodable encode(String value) {
    if (utf8) {
      return new DERUTF8String(value);
    }
    return Names.isPrintable(value) ? new DERPrintableString(value) : new DERUTF8String(value);
  }
}
