package io.msp4j.config.internal;

import java.io.IOException;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.util.Arrays;
import java.util.Map;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1InputStream;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.edec.EdECObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.asn1.pkcs.RSAPrivateKey;
import org.bouncycastle.asn1.pkcs.RSAPublicKey;
import org.bouncycastle.asn1.sec.SECObjectIdentifiers;
import org.bouncycastle.asn1.x509.AlgorithmIdentifier;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;
import org.bouncycastle.openssl.PEMException;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/**
 * Decodes key DER the way Fabric's software key store does (FOLDER-10): a private key is tried as
 * PKCS#1 RSA, then PKCS#8 (only EC and Ed25519 are accepted inside; PKCS#8 RSA is refused), then
 * SEC1 EC; EC keys must be on P-224, P-256, P-384 or P-521, and their public point is derived from
 * the private scalar (the copy stored in the file is ignored). Also computes Fabric's SKI of a key.
 */
public final class KeyDecoder {

  /** A decoded private key and the SKI of its public half. */
  public record DecodedPrivateKey(PrivateKey key, byte[] ski) {
    public DecodedPrivateKey {
      ski = ski.clone();
    }

    @Override
    public byte[] ski() {
      return ski.clone();
    }
  }

  /** The DER is not a key of a supported form; the message says why. */
  public static final class KeyDecodeException extends Exception {
    private static final long serialVersionUID = 1L;

    KeyDecodeException(String message) {
      super(message);
    }
  }

  private static final Map<ASN1ObjectIdentifier, String> GO_CURVES =
      Map.of(
          SECObjectIdentifiers.secp224r1, "P-224",
          SECObjectIdentifiers.secp256r1, "P-256",
          SECObjectIdentifiers.secp384r1, "P-384",
          SECObjectIdentifiers.secp521r1, "P-521");

  private final JcaPEMKeyConverter converter;

  /**
   * Creates a decoder whose Java keys come from the given (Bouncy Castle) provider. EC keys carry
   * the algorithm name {@code EC}, so that any JCA provider accepts them.
   */
  public KeyDecoder(Provider provider) {
    this.converter =
        new JcaPEMKeyConverter()
            .setProvider(provider)
            .setAlgorithmMapping(X9ObjectIdentifiers.id_ecPublicKey, "EC");
  }

  /** Go's derToPrivateKey: PKCS#1 RSA, else PKCS#8 EC/Ed25519, else SEC1 EC. */
  public DecodedPrivateKey privateKey(byte[] der) throws KeyDecodeException {
    DecodedPrivateKey rsa = pkcs1(der);
    if (rsa != null) {
      return rsa;
    }
    Pkcs8 p8 = pkcs8(der);
    if (p8 != null) {
      if (p8.error != null) {
        throw new KeyDecodeException(p8.error);
      }
      return p8.key;
    }
    DecodedPrivateKey ec = sec1(der, null);
    if (ec != null) {
      return ec;
    }
    throw new KeyDecodeException(
        "not a PKCS#1 RSA, PKCS#8 EC/Ed25519 or SEC1 EC private key");
  }

  /** Go's ParsePKIXPublicKey restricted to ECDSA (Go curves), Ed25519 and RSA. */
  public PublicKey publicKey(byte[] der) throws KeyDecodeException {
    ASN1Sequence seq = firstSequence(der);
    if (seq == null) {
      throw new KeyDecodeException("not a DER SubjectPublicKeyInfo");
    }
    try {
      SubjectPublicKeyInfo spki = SubjectPublicKeyInfo.getInstance(seq);
      ASN1ObjectIdentifier alg = spki.getAlgorithm().getAlgorithm();
      if (alg.equals(X9ObjectIdentifiers.id_ecPublicKey)) {
        ASN1Encodable params = spki.getAlgorithm().getParameters();
        if (!(params instanceof ASN1ObjectIdentifier oid) || !GO_CURVES.containsKey(oid)) {
          throw new KeyDecodeException("EC public key on an unsupported curve");
        }
        byte[] point = spki.getPublicKeyData().getOctets();
        if (point.length == 0 || point[0] != 0x04) {
          throw new KeyDecodeException("EC public key is not an uncompressed point");
        }
        curve(oid).getCurve().decodePoint(point);
      } else if (!alg.equals(EdECObjectIdentifiers.id_Ed25519)
          && !alg.equals(PKCSObjectIdentifiers.rsaEncryption)) {
        throw new KeyDecodeException("public key algorithm " + alg + " is not supported");
      }
      return converter.getPublicKey(spki);
    } catch (PEMException | RuntimeException e) {
      throw new KeyDecodeException("not a valid public key: " + e.getMessage());
    }
  }

  // ---- PKCS#1 -------------------------------------------------------------------------------

  private DecodedPrivateKey pkcs1(byte[] der) {
    ASN1Sequence seq = firstSequence(der);
    if (seq == null || seq.size() < 9 || !consumedAll(der, seq)) {
      return null;
    }
    BigInteger[] v = new BigInteger[9];
    for (int i = 0; i < 9; i++) {
      if (!(seq.getObjectAt(i) instanceof ASN1Integer n)) {
        return null;
      }
      v[i] = n.getValue();
    }
    if (v[0].signum() < 0 || v[0].compareTo(BigInteger.ONE) > 0) {
      return null;
    }
    if (seq.size() > 9 && seq.getObjectAt(9) instanceof ASN1Sequence primes && primes.size() > 0) {
      return null; // multi-prime keys are refused
    }
    BigInteger n = v[1];
    BigInteger e = v[2];
    BigInteger d = v[3];
    BigInteger p = v[4];
    BigInteger q = v[5];
    if (n.signum() <= 0 || d.signum() <= 0 || p.signum() <= 0 || q.signum() <= 0) {
      return null;
    }
    if (e.bitLength() > 63 || e.compareTo(BigInteger.TWO) < 0 || e.compareTo(n) >= 0) {
      return null;
    }
    if (p.compareTo(BigInteger.ONE) <= 0 || q.compareTo(BigInteger.ONE) <= 0
        || !p.multiply(q).equals(n)) {
      return null;
    }
    BigInteger de = d.multiply(e);
    if (!de.mod(p.subtract(BigInteger.ONE)).equals(BigInteger.ONE)
        || !de.mod(q.subtract(BigInteger.ONE)).equals(BigInteger.ONE)) {
      return null;
    }
    try {
      RSAPrivateKey structure =
          new RSAPrivateKey(n, e, d, p, q, v[6], v[7], v[8]);
      PrivateKeyInfo info =
          new PrivateKeyInfo(
              new AlgorithmIdentifier(PKCSObjectIdentifiers.rsaEncryption, DERNull.INSTANCE),
              structure);
      PrivateKey key = converter.getPrivateKey(info);
      return new DecodedPrivateKey(key, sha256(der(new RSAPublicKey(n, e))));
    } catch (IOException | RuntimeException ex) {
      return null;
    }
  }

  // ---- PKCS#8 -------------------------------------------------------------------------------

  private record Pkcs8(DecodedPrivateKey key, String error) {}

  /** Null when the DER is not PKCS#8; otherwise the key, or why Fabric refuses it. */
  private Pkcs8 pkcs8(byte[] der) {
    ASN1Sequence seq = firstSequence(der);
    if (seq == null || seq.size() < 3
        || !(seq.getObjectAt(0) instanceof ASN1Integer)
        || !(seq.getObjectAt(1) instanceof ASN1Sequence algSeq)
        || !(seq.getObjectAt(2) instanceof ASN1OctetString inner)
        || algSeq.size() < 1
        || !(algSeq.getObjectAt(0) instanceof ASN1ObjectIdentifier alg)) {
      return null;
    }
    ASN1Encodable params = algSeq.size() > 1 ? algSeq.getObjectAt(1) : null;
    if (alg.equals(PKCSObjectIdentifiers.rsaEncryption)) {
      return new Pkcs8(null, "PKCS#8 RSA private keys are not supported (use PKCS#1)");
    }
    if (alg.equals(X9ObjectIdentifiers.id_ecPublicKey)) {
      ASN1ObjectIdentifier curveOid = params instanceof ASN1ObjectIdentifier o ? o : null;
      DecodedPrivateKey k = sec1(inner.getOctets(), curveOid);
      return k == null ? null : new Pkcs8(k, null);
    }
    if (alg.equals(EdECObjectIdentifiers.id_Ed25519)) {
      if (params != null) {
        return null;
      }
      ASN1Primitive seedObj = first(inner.getOctets());
      if (!(seedObj instanceof ASN1OctetString seedOctets)
          || seedOctets.getOctets().length != Ed25519PrivateKeyParameters.KEY_SIZE) {
        return null;
      }
      byte[] seed = seedOctets.getOctets();
      try {
        PrivateKeyInfo info =
            new PrivateKeyInfo(
                new AlgorithmIdentifier(EdECObjectIdentifiers.id_Ed25519),
                new DEROctetString(seed));
        PrivateKey key = converter.getPrivateKey(info);
        byte[] pub = new Ed25519PrivateKeyParameters(seed, 0).generatePublicKey().getEncoded();
        return new Pkcs8(new DecodedPrivateKey(key, sha256(pub)), null);
      } catch (IOException | RuntimeException ex) {
        return null;
      }
    }
    return null;
  }

  // ---- SEC1 ---------------------------------------------------------------------------------

  private DecodedPrivateKey sec1(byte[] der, ASN1ObjectIdentifier curveOverride) {
    ASN1Sequence seq = firstSequence(der);
    if (seq == null || seq.size() < 2
        || !(seq.getObjectAt(0) instanceof ASN1Integer version)
        || !version.getValue().equals(BigInteger.ONE)
        || !(seq.getObjectAt(1) instanceof ASN1OctetString scalar)) {
      return null;
    }
    ASN1ObjectIdentifier curveOid = curveOverride;
    if (curveOid == null) {
      for (int i = 2; i < seq.size(); i++) {
        if (seq.getObjectAt(i) instanceof ASN1TaggedObject t && t.getTagNo() == 0) {
          ASN1Primitive inner = t.getBaseObject().toASN1Primitive();
          if (inner instanceof ASN1ObjectIdentifier o) {
            curveOid = o;
          }
        }
      }
    }
    if (curveOid == null || !GO_CURVES.containsKey(curveOid)) {
      return null;
    }
    X9ECParameters curve = curve(curveOid);
    BigInteger order = curve.getN();
    int size = (order.bitLength() + 7) / 8;
    byte[] raw = scalar.getOctets();
    int start = 0;
    while (raw.length - start > size) {
      if (raw[start] != 0) {
        return null;
      }
      start++;
    }
    BigInteger d = new BigInteger(1, Arrays.copyOfRange(raw, start, raw.length));
    if (d.signum() == 0 || d.compareTo(order) >= 0) {
      return null;
    }
    try {
      ECPoint q = new FixedPointCombMultiplier().multiply(curve.getG(), d).normalize();
      org.bouncycastle.asn1.sec.ECPrivateKey structure =
          new org.bouncycastle.asn1.sec.ECPrivateKey(order.bitLength(), d, curveOid);
      PrivateKeyInfo info =
          new PrivateKeyInfo(
              new AlgorithmIdentifier(X9ObjectIdentifiers.id_ecPublicKey, curveOid), structure);
      PrivateKey key = converter.getPrivateKey(info);
      return new DecodedPrivateKey(key, sha256(q.getEncoded(false)));
    } catch (IOException | RuntimeException ex) {
      return null;
    }
  }

  // ---- helpers ------------------------------------------------------------------------------

  private static X9ECParameters curve(ASN1ObjectIdentifier oid) {
    X9ECParameters p = CustomNamedCurves.getByOID(oid);
    if (p == null) {
      p = org.bouncycastle.asn1.x9.ECNamedCurveTable.getByOID(oid);
    }
    if (p == null) {
      throw new IllegalArgumentException("unknown curve " + oid);
    }
    return p;
  }

  /** The first DER object of the data (trailing bytes allowed, as Go's asn1.Unmarshal does). */
  private static ASN1Primitive first(byte[] der) {
    if (der.length == 0) {
      return null;
    }
    try (ASN1InputStream in = new ASN1InputStream(der, true)) {
      ASN1Primitive p = in.readObject();
      if (p == null) {
        return null;
      }
      byte[] canonical = p.getEncoded(ASN1Encoding.DER);
      if (canonical.length > der.length
          || !Arrays.equals(canonical, 0, canonical.length, der, 0, canonical.length)) {
        return null; // BER or otherwise non-canonical: Go's DER parser refuses it
      }
      return p;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static ASN1Sequence firstSequence(byte[] der) {
    return first(der) instanceof ASN1Sequence s ? s : null;
  }

  private static boolean consumedAll(byte[] der, ASN1Sequence seq) {
    try {
      return seq.getEncoded(ASN1Encoding.DER).length == der.length;
    } catch (IOException e) {
      return false;
    }
  }

  private static byte[] der(ASN1Encodable e) {
    try {
      return e.toASN1Primitive().getEncoded(ASN1Encoding.DER);
    } catch (IOException ex) {
      throw new IllegalStateException(ex);
    }
  }

  static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available", e);
    }
  }
}
