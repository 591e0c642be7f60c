package io.msp4j.testdata;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Objects;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.crypto.Digest;
import org.bouncycastle.crypto.digests.SHA1Digest;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.util.BigIntegers;

/**
 * Key identifiers computed from a public key.
 *
 * <p>{@link #fabricSki} is what Fabric's key store uses to find a private key (FOLDER-10) and what
 * cryptogen writes into the SubjectKeyIdentifier of its CAs: SHA-256 over the uncompressed EC point
 * {@code 04||X||Y} (coordinates left-padded to the field size), over the 32 raw Ed25519 key bytes,
 * or over the DER PKCS#1 RSAPublicKey. {@link #rfc5280Sha1} is RFC 5280 method 1 (SHA-1 of the
 * subjectPublicKey BIT STRING contents), which Go's x509 package generates for CA certificates
 * that do not set one.
 */
public final class SubjectKeyIds {
  private SubjectKeyIds() {}

  /** SHA-256 of the key's Fabric raw encoding; see the class comment. */
  public static byte[] fabricSki(PublicKey key) {
    Objects.requireNonNull(key, "key");
    return digest(new SHA256Digest(), fabricRawKey(key));
  }

  /** SHA-1 of the subjectPublicKey BIT STRING contents (RFC 5280 section 4.2.1.2, method 1). */
  public static byte[] rfc5280Sha1(PublicKey key) {
    Objects.requireNonNull(key, "key");
    return digest(new SHA1Digest(), spki(key).getPublicKeyData().getBytes());
  }

  /** Lower-case hex of {@link #fabricSki}, the prefix of fabric-ca's key file names. */
  public static String fabricSkiHex(PublicKey key) {
    return Hex.lower(fabricSki(key));
  }

  static byte[] fabricRawKey(PublicKey key) {
    if (key instanceof ECPublicKey) {
      ECPublicKey ec = (ECPublicKey) key;
      int size = (ec.getParams().getCurve().getField().getFieldSize() + 7) / 8;
      byte[] out = new byte[1 + 2 * size];
      out[0] = 0x04;
      copyPadded(ec.getW().getAffineX(), out, 1, size);
      copyPadded(ec.getW().getAffineY(), out, 1 + size, size);
      return out;
    }
    if (key instanceof RSAPublicKey) {
      RSAPublicKey rsa = (RSAPublicKey) key;
      try {
        return new org.bouncycastle.asn1.pkcs.RSAPublicKey(rsa.getModulus(), rsa.getPublicExponent())
            .getEncoded(ASN1Encoding.DER);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    // Ed25519 and anything else: the contents of the subjectPublicKey BIT STRING
    // (for Ed25519 exactly the 32 raw key bytes).
    return spki(key).getPublicKeyData().getBytes();
  }

  private static SubjectPublicKeyInfo spki(PublicKey key) {
    byte[] enc = key.getEncoded();
    if (enc == null) {
      throw new IllegalArgumentException("public key " + key.getAlgorithm() + " has no encoding");
    }
    return SubjectPublicKeyInfo.getInstance(enc);
  }

  private static void copyPadded(BigInteger v, byte[] out, int offset, int size) {
    byte[] b = BigIntegers.asUnsignedByteArray(size, v);
    System.arraycopy(b, 0, out, offset, size);
  }

  private static byte[] digest(Digest d, byte[] data) {
    d.update(data, 0, data.length);
    byte[] out = new byte[d.getDigestSize()];
    d.doFinal(out, 0);
    return out;
  }
}
