package io.msp4j.x509;

import java.math.BigInteger;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.crypto.digests.SHA256Digest;

/**
 * The subject key identifier Fabric's key store files keys under (FOLDER-10): SHA-256 over the
 * uncompressed EC point {@code 04||X||Y} (coordinates padded to the field size), the 32 raw
 * Ed25519 key bytes, or the DER of the PKCS#1 RSAPublicKey.
 */
public final class SubjectKeyIds {
  private SubjectKeyIds() {}

  /**
   * The SKI of a public key.
   *
   * @throws IllegalArgumentException for key types Fabric's key store does not know
   */
  public static byte[] of(PublicKey key) {
    return sha256(encoding(key));
  }

  private static byte[] encoding(PublicKey key) {
    if (key instanceof ECPublicKey ec) {
      int size = (ec.getParams().getCurve().getField().getFieldSize() + 7) / 8;
      byte[] out = new byte[1 + 2 * size];
      out[0] = 0x04;
      put(ec.getW().getAffineX(), out, 1, size);
      put(ec.getW().getAffineY(), out, 1 + size, size);
      return out;
    }
    if (key instanceof RSAPublicKey rsa) {
      try {
        return new org.bouncycastle.asn1.pkcs.RSAPublicKey(rsa.getModulus(), rsa.getPublicExponent())
            .getEncoded();
      } catch (java.io.IOException e) {
        throw new IllegalArgumentException("RSA key cannot be encoded", e);
      }
    }
    if ("Ed25519".equalsIgnoreCase(key.getAlgorithm()) || "EdDSA".equalsIgnoreCase(key.getAlgorithm())) {
      SubjectPublicKeyInfo spki = SubjectPublicKeyInfo.getInstance(key.getEncoded());
      byte[] raw = spki.getPublicKeyData().getOctets();
      if (raw.length == 32) {
        return raw;
      }
    }
    throw new IllegalArgumentException("no key store identifier for " + key.getAlgorithm() + " keys");
  }

  private static void put(BigInteger v, byte[] out, int offset, int size) {
    byte[] b = v.toByteArray();
    int start = Math.max(0, b.length - size);
    int len = b.length - start;
    Arrays.fill(out, offset, offset + size - len, (byte) 0);
    System.arraycopy(b, start, out, offset + size - len, len);
  }

  private static byte[] sha256(byte[] data) {
    SHA256Digest d = new SHA256Digest();
    d.update(data, 0, data.length);
    byte[] out = new byte[32];
    d.doFinal(out, 0);
    return out;
  }
}
