package io.msp4j.x509.internal.cert;

import java.nio.charset.StandardCharsets;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.DERBMPString;
import org.bouncycastle.asn1.DERT61String;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;

/** Subject names whose strings Go releases read differently (BMPString, T61String). */
final class ReleaseNames {
  private ReleaseNames() {}

  /** CN=release, then {@code attribute} (CN or OU) as a BMPString of these UTF-16 code units. */
  static X500Name bmp(String attribute, String utf16) {
    return name(attribute, new DERBMPString(utf16));
  }

  /** CN=release, then {@code attribute} as a T61String of the Latin-1 bytes of {@code text}. */
  static X500Name t61(String attribute, String text) {
    return name(attribute, new DERT61String(text.getBytes(StandardCharsets.ISO_8859_1)));
  }

  private static X500Name name(String attribute, ASN1Encodable value) {
    return new X500NameBuilder(BCStyle.INSTANCE)
        .addRDN(BCStyle.CN, "release")
        .addRDN(attribute.equals("OU") ? BCStyle.OU : BCStyle.CN, value)
        .build();
  }
}
