package io.msp4j.testdata.differential;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DERSequence;

/**
 * A certificate assembled from encoded parts and signed as given: every field can hold an
 * unusual or malformed encoding, and the signature is made over exactly the bytes written.
 */
final class RawCertificate {
  byte[] version = DerWriter.tlv(0xA0, DerWriter.integer(2));
  byte[] serial;
  byte[] innerAlgorithm;
  byte[] outerAlgorithm;
  byte[] issuer;
  byte[] validity;
  byte[] subject;
  byte[] publicKeyInfo;
  byte[] uniqueIds = new byte[0];
  final List<byte[]> extensions = new ArrayList<>();
  boolean withoutExtensions;
  UnaryOperator<byte[]> tbsMutation = UnaryOperator.identity();
  boolean highS;
  byte[] trailing = new byte[0];

  /** Signs with {@code jcaAlgorithm} and returns the certificate's DER (or mutated) bytes. */
  byte[] sign(PrivateKey key, String jcaAlgorithm, Provider provider, SecureRandom random) {
    List<byte[]> tbsParts = new ArrayList<>();
    if (version != null) {
      tbsParts.add(version);
    }
    tbsParts.add(serial);
    tbsParts.add(innerAlgorithm);
    tbsParts.add(issuer);
    tbsParts.add(validity);
    tbsParts.add(subject);
    tbsParts.add(publicKeyInfo);
    if (uniqueIds.length > 0) {
      tbsParts.add(uniqueIds);
    }
    if (!withoutExtensions && !extensions.isEmpty()) {
      tbsParts.add(DerWriter.tlv(0xA3, DerWriter.seq(extensions.toArray(new byte[0][]))));
    }
    byte[] tbs = tbsMutation.apply(DerWriter.seq(tbsParts.toArray(new byte[0][])));
    byte[] sig;
    try {
      Signature s = Signature.getInstance(jcaAlgorithm, provider);
      s.initSign(key, random);
      s.update(tbs);
      sig = s.sign();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot sign with " + jcaAlgorithm, e);
    }
    if (highS && key instanceof ECPrivateKey ec) {
      sig = flipS(sig, ec.getParams().getOrder());
    }
    byte[] cert = DerWriter.seq(tbs, outerAlgorithm, DerWriter.bitString(0, sig));
    if (trailing.length == 0) {
      return cert;
    }
    byte[] out = new byte[cert.length + trailing.length];
    System.arraycopy(cert, 0, out, 0, cert.length);
    System.arraycopy(trailing, 0, out, cert.length, trailing.length);
    return out;
  }

  /** The same ECDSA signature with s replaced by n - s (the other of the two valid values). */
  private static byte[] flipS(byte[] der, BigInteger order) {
    ASN1Sequence seq = ASN1Sequence.getInstance(der);
    BigInteger r = ASN1Integer.getInstance(seq.getObjectAt(0)).getValue();
    BigInteger s = ASN1Integer.getInstance(seq.getObjectAt(1)).getValue();
    try {
      return new DERSequence(new ASN1Integer[] {new ASN1Integer(r), new ASN1Integer(order.subtract(s))})
          .getEncoded();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Holder of an issued certificate with its key, for issuing below it. */
  record Issued(byte[] der, byte[] subjectName, KeyPair keys, byte[] subjectKeyId, String label) {}
}
