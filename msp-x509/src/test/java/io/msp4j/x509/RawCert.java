package io.msp4j.x509;

import static io.msp4j.x509.RawCrl.cat;
import static io.msp4j.x509.RawCrl.tlv;

import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.Pem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.x509.Certificate;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.TBSCertificate;

/**
 * A certificate re-assembled from a testdata certificate with its extensions field replaced by
 * raw bytes, then signed (ecdsa-with-SHA256) by the issuer's key: for encodings a certificate
 * builder would not write.
 */
final class RawCert {
  private RawCert() {}

  /** The DER of each extension of {@code template}, in order. */
  static byte[][] extensions(IssuedCertificate template) {
    TBSCertificate tbs = Certificate.getInstance(template.der()).getTBSCertificate();
    var oids = tbs.getExtensions().getExtensionOIDs();
    byte[][] out = new byte[oids.length][];
    for (int i = 0; i < oids.length; i++) {
      Extension e = tbs.getExtensions().getExtension(oids[i]);
      out[i] = der(e);
    }
    return out;
  }

  /** {@code template} with its [3] extensions element replaced by {@code extensionsField}, in PEM. */
  static byte[] withExtensionsField(IssuedCertificate template, IssuedCertificate issuer,
      byte[] extensionsField) {
    TBSCertificate tbs = Certificate.getInstance(template.der()).getTBSCertificate();
    return assemble(tbs, issuer, der(tbs.getSubjectPublicKeyInfo()), extensionsField);
  }

  /** {@code template} with its SubjectPublicKeyInfo replaced by {@code spki}, in PEM. */
  static byte[] withPublicKeyInfo(IssuedCertificate template, IssuedCertificate issuer, byte[] spki) {
    TBSCertificate tbs = Certificate.getInstance(template.der()).getTBSCertificate();
    return assemble(tbs, issuer, spki,
        der(new org.bouncycastle.asn1.DERTaggedObject(true, 3, tbs.getExtensions())));
  }

  private static byte[] assemble(TBSCertificate tbs, IssuedCertificate issuer, byte[] spki,
      byte[] extensionsField) {
    byte[] algorithm = tlv(0x30, RawCrl.oid("1.2.840.10045.4.3.2"));
    byte[] body = cat(der(new org.bouncycastle.asn1.DERTaggedObject(true, 0, tbs.getVersion())),
        der(tbs.getSerialNumber()), algorithm, der(tbs.getIssuer()), der(validity(tbs)),
        der(tbs.getSubject()), spki, extensionsField);
    byte[] tbsDer = tlv(0x30, body);
    byte[] sig;
    try {
      Signature s = Signature.getInstance("SHA256withECDSA");
      s.initSign(issuer.privateKey().orElseThrow());
      s.update(tbsDer);
      sig = s.sign();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
    byte[] cert = tlv(0x30, cat(tbsDer, algorithm, tlv(0x03, cat(new byte[] {0}, sig))));
    return Pem.certificate(cert).getBytes(StandardCharsets.US_ASCII);
  }

  private static ASN1Encodable validity(TBSCertificate tbs) {
    return new org.bouncycastle.asn1.DERSequence(
        new ASN1Encodable[] {tbs.getStartDate(), tbs.getEndDate()});
  }

  private static byte[] der(ASN1Encodable e) {
    try {
      return e.toASN1Primitive().getEncoded("DER");
    } catch (IOException x) {
      throw new UncheckedIOException(x);
    }
  }
}
