package io.msp4j.x509.internal.crypto;

import java.math.BigInteger;

/**
 * Reads an ECDSA signature value as Go's {@code ecdsa.VerifyASN1} does for certificate and CRL
 * signatures: exactly one DER SEQUENCE (definite, minimal lengths, no bytes after it) of exactly
 * two minimally encoded INTEGERs. Signs and ranges are left to the verifier. A plain reader over
 * the bytes, without building ASN.1 objects, as this runs once per new identity.
 */
final class StrictEcdsaDer {
  private StrictEcdsaDer() {}

  private static final int TAG_SEQUENCE = 0x30;
  private static final int TAG_INTEGER = 0x02;

  /** The signature's (r, s), or null when the bytes are not such a SEQUENCE. */
  static RawSignature.Ecdsa decode(byte[] der) {
    int[] pos = {0};
    int seqLength = readHeader(der, pos, TAG_SEQUENCE);
    if (seqLength < 0 || pos[0] + seqLength != der.length) {
      return null;
    }
    BigInteger r = readInteger(der, pos);
    if (r == null) {
      return null;
    }
    BigInteger s = readInteger(der, pos);
    if (s == null || pos[0] != der.length) {
      return null;
    }
    return new RawSignature.Ecdsa(r, s);
  }

  private static BigInteger readInteger(byte[] der, int[] pos) {
    int length = readHeader(der, pos, TAG_INTEGER);
    if (length <= 0 || pos[0] + length > der.length) {
      return null;
    }
    int start = pos[0];
    if (length > 1) {
      int first = der[start];
      int second = der[start + 1] & 0x80;
      if ((first == 0 && second == 0) || (first == -1 && second != 0)) {
        return null; // not minimal
      }
    }
    pos[0] = start + length;
    return new BigInteger(der, start, length);
  }

  /**
   * Checks the tag at {@code pos} and reads a DER length: returns it and moves {@code pos} to
   * the contents, or returns -1 when the tag differs or the length is not minimal definite form.
   */
  private static int readHeader(byte[] der, int[] pos, int tag) {
    int p = pos[0];
    if (p + 2 > der.length || (der[p] & 0xff) != tag) {
      return -1;
    }
    int first = der[p + 1] & 0xff;
    p += 2;
    int length;
    if (first < 0x80) {
      length = first;
    } else {
      int n = first & 0x7f;
      if (n == 0 || n > 3 || p + n > der.length || der[p] == 0) {
        return -1; // indefinite, too long for a signature, truncated, or leading zero
      }
      length = 0;
      for (int i = 0; i < n; i++) {
        length = (length << 8) | (der[p++] & 0xff);
      }
      if (length < 0x80) {
        return -1; // the short form would do
      }
    }
    pos[0] = p;
    return length;
  }
}
