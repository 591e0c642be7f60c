package io.msp4j.x509;

import io.msp4j.testdata.IssuedCertificate;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.util.function.UnaryOperator;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;

/**
 * A CRL assembled element by element, for encodings no CRL library would write: each part of the
 * TBSCertList is a byte string that a test may replace. Signed with ecdsa-with-SHA256 by the
 * issuer's key; the defaults give a well-formed v2 CRL revoking the given serials, with an AKI
 * equal to the issuer's SKI.
 */
final class RawCrl {
  byte[] version = integer(BigInteger.ONE);
  byte[] issuer;
  byte[] thisUpdate = tlv(0x17, ascii("240102000000Z"));
  byte[] nextUpdate = tlv(0x17, ascii("491231000000Z"));
  byte[] revoked;
  byte[] extensions;
  /** Wraps the TBS contents into its SEQUENCE (replace for odd length encodings). */
  UnaryOperator<byte[]> tbsWrapper = body -> tlv(0x30, body);
  /** Wraps the whole CRL contents into its SEQUENCE. */
  UnaryOperator<byte[]> outerWrapper = body -> tlv(0x30, body);

  private final IssuedCertificate issuerCert;

  RawCrl(IssuedCertificate issuerCert, BigInteger... serials) {
    this.issuerCert = issuerCert;
    this.issuer = encoded(issuerCert.subject());
    ByteArrayOutputStream entries = new ByteArrayOutputStream();
    for (BigInteger s : serials) {
      entries.writeBytes(entry(s));
    }
    this.revoked = tlv(0x30, entries.toByteArray());
    this.extensions = extensions(extension("2.5.29.35", null, aki(tlv(0x80, issuerCert.subjectKeyId().orElseThrow()))));
  }

  /** A revokedCertificate entry with a fixed revocation date. */
  static byte[] entry(BigInteger serial, byte[]... more) {
    return tlv(0x30, cat(integer(serial), tlv(0x17, ascii("240103000000Z")), cat(more)));
  }

  /** The [0] EXPLICIT wrapper around a SEQUENCE of extensions. */
  static byte[] extensions(byte[]... exts) {
    return tlv(0xa0, tlv(0x30, cat(exts)));
  }

  /** One Extension; {@code critical} is the raw BOOLEAN element, or null to leave it out. */
  static byte[] extension(String oid, byte[] critical, byte[] value) {
    return tlv(0x30, cat(oid(oid), critical == null ? new byte[0] : critical, tlv(0x04, value)));
  }

  /** An AuthorityKeyIdentifier SEQUENCE holding these raw elements. */
  static byte[] aki(byte[]... elements) {
    return tlv(0x30, cat(elements));
  }

  byte[] keyIdentifier() {
    return tlv(0x80, issuerCert.subjectKeyId().orElseThrow());
  }

  /** The signed CRL in PEM form. */
  byte[] pem() {
    return io.msp4j.testdata.Pem.crl(der()).getBytes(StandardCharsets.US_ASCII);
  }

  byte[] der() {
    byte[] algorithm = tlv(0x30, oid("1.2.840.10045.4.3.2"));
    byte[] tbs = tbsWrapper.apply(cat(version, algorithm, issuer, thisUpdate,
        nextUpdate == null ? new byte[0] : nextUpdate, revoked == null ? new byte[0] : revoked,
        extensions == null ? new byte[0] : extensions));
    byte[] sig;
    try {
      Signature s = Signature.getInstance("SHA256withECDSA");
      s.initSign(issuerCert.privateKey().orElseThrow());
      s.update(tbs);
      sig = s.sign();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
    return outerWrapper.apply(cat(tbs, algorithm, tlv(0x03, cat(new byte[] {0}, sig))));
  }

  static byte[] tlv(int tag, byte[] body) {
    int n = body.length;
    byte[] len = n < 128 ? new byte[] {(byte) n}
        : n < 256 ? new byte[] {(byte) 0x81, (byte) n}
        : new byte[] {(byte) 0x82, (byte) (n >> 8), (byte) n};
    return cat(new byte[] {(byte) tag}, len, body);
  }

  static byte[] integer(BigInteger v) {
    return tlv(0x02, v.toByteArray());
  }

  static byte[] oid(String dotted) {
    return encoded(new ASN1ObjectIdentifier(dotted));
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] cat(byte[]... parts) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      o.writeBytes(p);
    }
    return o.toByteArray();
  }

  private static byte[] encoded(org.bouncycastle.asn1.ASN1Encodable e) {
    try {
      return e.toASN1Primitive().getEncoded("DER");
    } catch (IOException x) {
      throw new UncheckedIOException(x);
    }
  }
}
