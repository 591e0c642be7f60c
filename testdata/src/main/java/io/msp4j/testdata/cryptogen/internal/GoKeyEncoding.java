package io.msp4j.testdata.cryptogen.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.PrivateKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.PublicKey;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.util.PrivateKeyFactory;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;

/**
 * PKCS#8 encodings of private keys as Go's {@code x509.MarshalPKCS8PrivateKey} writes them (and so
 * cryptogen's {@code priv_sk}): EC keys without the curve repeated inside the SEC 1 structure but
 * with the public key; Ed25519 keys as version 1 with the 32-byte seed only; RSA as usual.
 */
final class GoKeyEncoding {
  private GoKeyEncoding() {}

  static byte[] pkcs8(PrivateKey key, PublicKey publicKey) {
    try {
      PrivateKeyInfo info = PrivateKeyInfo.getInstance(key.getEncoded());
      if (key instanceof ECPrivateKey ec && publicKey instanceof ECPublicKey) {
        int orderBits = ec.getParams().getOrder().bitLength();
        byte[] point = SubjectPublicKeyInfo.getInstance(publicKey.getEncoded())
            .getPublicKeyData().getBytes();
        org.bouncycastle.asn1.sec.ECPrivateKey inner = new org.bouncycastle.asn1.sec.ECPrivateKey(
            orderBits, ec.getS(), new DERBitString(point), null);
        return new PrivateKeyInfo(info.getPrivateKeyAlgorithm(), inner).getEncoded(ASN1Encoding.DER);
      }
      if (EdECObjectIdentifiers.id_Ed25519.equals(info.getPrivateKeyAlgorithm().getAlgorithm())) {
        Ed25519PrivateKeyParameters p =
            (Ed25519PrivateKeyParameters) PrivateKeyFactory.createKey(info);
        return new PrivateKeyInfo(new AlgorithmIdentifier(EdECObjectIdentifiers.id_Ed25519),
            new DEROctetString(p.getEncoded())).getEncoded(ASN1Encoding.DER);
      }
      return info.getEncoded(ASN1Encoding.DER);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
