package io.msp4j.testdata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.PrivateKey;
import java.util.Objects;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;

/** Encodings of private keys: PKCS#8, SEC 1 (EC) and PKCS#1 (RSA), as DER or PEM. */
public final class PrivateKeys {
  private PrivateKeys() {}

  /** The PKCS#8 PrivateKeyInfo DER of {@code key}. */
  public static byte[] pkcs8Der(PrivateKey key) {
    Objects.requireNonNull(key, "key");
    byte[] enc = key.getEncoded();
    if (enc == null) {
      throw new IllegalArgumentException("private key " + key.getAlgorithm() + " has no PKCS#8 encoding");
    }
    return enc;
  }

  /** PKCS#8 PEM ({@code -----BEGIN PRIVATE KEY-----}), as cryptogen writes {@code priv_sk}. */
  public static String pkcs8Pem(PrivateKey key) {
    return Pem.encode(Pem.PRIVATE_KEY, pkcs8Der(key));
  }

  /**
   * The SEC 1 ECPrivateKey DER of an EC key, with the named-curve parameters inside the structure
   * (as Go's {@code MarshalECPrivateKey} writes it).
   */
  public static byte[] sec1Der(PrivateKey key) {
    PrivateKeyInfo info = PrivateKeyInfo.getInstance(pkcs8Der(key));
    if (!X9ObjectIdentifiers.id_ecPublicKey.equals(info.getPrivateKeyAlgorithm().getAlgorithm())) {
      throw new IllegalArgumentException("not an EC private key: " + key.getAlgorithm());
    }
    try {
      org.bouncycastle.asn1.sec.ECPrivateKey inner =
          org.bouncycastle.asn1.sec.ECPrivateKey.getInstance(info.parsePrivateKey());
      ASN1Primitive params = info.getPrivateKeyAlgorithm().getParameters().toASN1Primitive();
      if (!(params instanceof ASN1ObjectIdentifier)) {
        throw new IllegalArgumentException("EC key without a named curve");
      }
      org.bouncycastle.asn1.sec.ECPrivateKey withParams =
          new org.bouncycastle.asn1.sec.ECPrivateKey(
              orderBits((ASN1ObjectIdentifier) params),
              inner.getKey(),
              inner.getPublicKey(),
              params);
      return withParams.getEncoded(ASN1Encoding.DER);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** SEC 1 PEM ({@code -----BEGIN EC PRIVATE KEY-----}). */
  public static String sec1Pem(PrivateKey key) {
    return Pem.encode(Pem.EC_PRIVATE_KEY, sec1Der(key));
  }

  /** The PKCS#1 RSAPrivateKey DER of an RSA key. */
  public static byte[] pkcs1Der(PrivateKey key) {
    PrivateKeyInfo info = PrivateKeyInfo.getInstance(pkcs8Der(key));
    if (!PKCSObjectIdentifiers.rsaEncryption.equals(info.getPrivateKeyAlgorithm().getAlgorithm())) {
      throw new IllegalArgumentException("not an RSA private key: " + key.getAlgorithm());
    }
    try {
      return info.parsePrivateKey().toASN1Primitive().getEncoded(ASN1Encoding.DER);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** PKCS#1 PEM ({@code -----BEGIN RSA PRIVATE KEY-----}). */
  public static String pkcs1Pem(PrivateKey key) {
    return Pem.encode(Pem.RSA_PRIVATE_KEY, pkcs1Der(key));
  }

  private static int orderBits(ASN1ObjectIdentifier curve) {
    org.bouncycastle.asn1.x9.X9ECParameters p = org.bouncycastle.asn1.x9.ECNamedCurveTable.getByOID(curve);
    if (p == null) {
      throw new IllegalArgumentException("EC key on an unknown curve " + curve);
    }
    return p.getN().bitLength();
  }
}
