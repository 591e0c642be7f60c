package io.msp4j.x509;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.x9.ECNamedCurveTable;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.digests.SHA384Digest;
import org.bouncycastle.crypto.digests.SHA3Digest;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.crypto.util.PrivateKeyFactory;
import org.bouncycastle.crypto.util.PublicKeyFactory;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.jce.spec.ECNamedCurveSpec;
import org.bouncycastle.math.ec.ECPoint;

/**
 * Builds message signature vectors for tests, independently of the code under test: plain ECDSA
 * (r, s) over a chosen digest, DER encodings good and bad written byte by byte, Ed25519
 * signatures, and keys made to order so that a chosen (r, s) verifies.
 */
final class MessageSigs {
  private MessageSigs() {}

  static byte[] sha256(byte[] m) {
    return digest(new SHA256Digest(), m);
  }

  static byte[] sha384(byte[] m) {
    return digest(new SHA384Digest(), m);
  }

  static byte[] sha3(byte[] m) {
    return digest(new SHA3Digest(256), m);
  }

  private static byte[] digest(Digest d, byte[] m) {
    d.update(m, 0, m.length);
    byte[] out = new byte[d.getDigestSize()];
    d.doFinal(out, 0);
    return out;
  }

  /** Plain ECDSA (r, s) over {@code digest}, s as it comes (high or low). */
  static BigInteger[] ecdsa(PrivateKey key, byte[] digest) {
    ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
    signer.init(true, params(key));
    return signer.generateSignature(digest);
  }

  /** Plain verification of (r, s) over {@code digest}, for checking what msp4j signs. */
  static boolean ecdsaVerifies(java.security.PublicKey key, byte[] digest, BigInteger r, BigInteger s) {
    try {
      ECDSASigner v = new ECDSASigner();
      v.init(false, (ECPublicKeyParameters) PublicKeyFactory.createKey(key.getEncoded()));
      return v.verifySignature(digest, r, s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Ed25519 over the raw message. */
  static byte[] ed25519(PrivateKey key, byte[] message) {
    Ed25519Signer signer = new Ed25519Signer();
    signer.init(true, params(key));
    signer.update(message, 0, message.length);
    return signer.generateSignature();
  }

  static boolean ed25519Verifies(java.security.PublicKey key, byte[] message, byte[] sig) {
    try {
      Ed25519Signer v = new Ed25519Signer();
      v.init(false, (Ed25519PublicKeyParameters) PublicKeyFactory.createKey(key.getEncoded()));
      v.update(message, 0, message.length);
      return v.verifySignature(sig);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static AsymmetricKeyParameter params(PrivateKey key) {
    try {
      AsymmetricKeyParameter p = PrivateKeyFactory.createKey(key.getEncoded());
      if (!(p instanceof ECPrivateKeyParameters) && !(p instanceof Ed25519PrivateKeyParameters)) {
        throw new IllegalArgumentException("not an EC or Ed25519 key: " + key.getAlgorithm());
      }
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The group order of a named curve ({@code secp256r1}, ...). */
  static BigInteger order(String curve) {
    return ECNamedCurveTable.getByName(curve).getN();
  }

  /** Minimal DER of SEQUENCE{r, s}; zero and negative values are encoded as given. */
  static byte[] der(BigInteger r, BigInteger s) {
    try {
      return new DERSequence(new ASN1Integer[] {new ASN1Integer(r), new ASN1Integer(s)}).getEncoded(ASN1Encoding.DER);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] der(BigInteger[] rs) {
    return der(rs[0], rs[1]);
  }

  /** s replaced by n - s when it is above n/2. */
  static BigInteger[] lowS(BigInteger[] rs, BigInteger n) {
    return rs[1].compareTo(n.shiftRight(1)) > 0 ? new BigInteger[] {rs[0], n.subtract(rs[1])} : rs;
  }

  /** s replaced by n - s when it is at or below n/2. */
  static BigInteger[] highS(BigInteger[] rs, BigInteger n) {
    return rs[1].compareTo(n.shiftRight(1)) <= 0 ? new BigInteger[] {rs[0], n.subtract(rs[1])} : rs;
  }

  /** A tag-length-value with a minimal length. */
  static byte[] tlv(int tag, byte[] content) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    writeLength(out, content.length);
    out.write(content, 0, content.length);
    return out.toByteArray();
  }

  static void writeLength(ByteArrayOutputStream out, int len) {
    if (len < 0x80) {
      out.write(len);
    } else if (len < 0x100) {
      out.write(0x81);
      out.write(len);
    } else {
      out.write(0x82);
      out.write(len >> 8);
      out.write(len & 0xff);
    }
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.write(p, 0, p.length);
    }
    return out.toByteArray();
  }

  /** The minimal content bytes of INTEGER v. */
  static byte[] intBytes(BigInteger v) {
    return v.toByteArray();
  }

  /** INTEGER v with one superfluous leading zero byte. */
  static byte[] paddedInteger(BigInteger v) {
    return tlv(0x02, concat(new byte[] {0}, v.toByteArray()));
  }

  static byte[] integer(BigInteger v) {
    return tlv(0x02, v.toByteArray());
  }

  static byte[] flipLastBit(byte[] b) {
    byte[] out = b.clone();
    out[out.length - 1] ^= 1;
    return out;
  }

  /**
   * A key pair for which (r, s) is a valid ECDSA signature over {@code digest}, with r taken from
   * the nonce {@code k} and s chosen freely: d = r^-1 (s k - e) mod n. Used for boundary values of
   * s (exactly n/2, just above).
   */
  static MadeToOrder keyFor(String curve, byte[] digest, BigInteger k, BigInteger s) {
    X9ECParameters x9 = ECNamedCurveTable.getByName(curve);
    BigInteger n = x9.getN();
    ECPoint big = x9.getG().multiply(k).normalize();
    BigInteger r = big.getAffineXCoord().toBigInteger().mod(n);
    BigInteger e = toInteger(digest, n);
    BigInteger d = r.modInverse(n).multiply(s.multiply(k).subtract(e)).mod(n);
    if (d.signum() == 0) {
      throw new IllegalArgumentException("degenerate key; pick another k");
    }
    ECPoint q = x9.getG().multiply(d).normalize();
    try {
      KeyFactory f = KeyFactory.getInstance("EC", new BouncyCastleProvider());
      ECNamedCurveSpec spec = new ECNamedCurveSpec(curve, x9.getCurve(), x9.getG(), n, x9.getH());
      java.security.spec.ECPoint w =
          new java.security.spec.ECPoint(q.getAffineXCoord().toBigInteger(), q.getAffineYCoord().toBigInteger());
      KeyPair pair = new KeyPair(f.generatePublic(new ECPublicKeySpec(w, spec)), f.generatePrivate(new ECPrivateKeySpec(d, spec)));
      return new MadeToOrder(pair, r, s);
    } catch (java.security.GeneralSecurityException ex) {
      throw new IllegalStateException(ex);
    }
  }

  /** A key pair and a signature (r, s) that verifies with it. */
  record MadeToOrder(KeyPair keys, BigInteger r, BigInteger s) {}

  /** The digest as ECDSA reads it: the leftmost bits up to the order's length. */
  private static BigInteger toInteger(byte[] digest, BigInteger n) {
    BigInteger e = new BigInteger(1, digest);
    int excess = digest.length * 8 - n.bitLength();
    return excess > 0 ? e.shiftRight(excess) : e;
  }
}
