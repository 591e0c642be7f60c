package io.msp4j.x509.internal.cert;

import java.util.Arrays;

/**
 * A cursor over DER bytes with the acceptance rules of Go's {@code cryptobyte.String} readers, for
 * extension values Go reads that way: a one-byte tag (high tag numbers are refused), a definite
 * length in its shortest form of at most four bytes, contents within the input, and minimal
 * INTEGERs of at most 64 bits. Each read returns false (or null) and leaves the cursor where it
 * was when Go's would fail. Not thread-safe; one per value read.
 */
final class CryptobyteReader {
  private final byte[] b;
  private int pos;
  private final int end;

  private CryptobyteReader(byte[] b, int pos, int end) {
    this.b = b;
    this.pos = pos;
    this.end = end;
  }

  /** A reader over all of {@code bytes}. */
  static CryptobyteReader of(byte[] bytes) {
    return new CryptobyteReader(bytes, 0, bytes.length);
  }

  /** Whether nothing is left. */
  boolean empty() {
    return pos >= end;
  }

  /** Whether the next element's identifier octet is {@code tag}. */
  boolean peek(int tag) {
    return pos < end && (b[pos] & 0xff) == tag;
  }

  /**
   * Reads the next element, whose identifier octet must be {@code tag}, and returns a reader over
   * its contents; null (cursor unchanged) when there is none or it is malformed.
   */
  CryptobyteReader read(int tag) {
    if (end - pos < 2 || (b[pos] & 0xff) != tag || (b[pos] & 0x1f) == 0x1f) {
      return null;
    }
    int lenByte = b[pos + 1] & 0xff;
    int header;
    long length;
    if ((lenByte & 0x80) == 0) {
      header = 2;
      length = lenByte;
    } else {
      int lenLen = lenByte & 0x7f;
      if (lenLen == 0 || lenLen > 4 || end - pos < 2 + lenLen) {
        return null;
      }
      length = 0;
      for (int i = 0; i < lenLen; i++) {
        length = (length << 8) | (b[pos + 2 + i] & 0xff);
      }
      if (length < 128 || (length >> ((lenLen - 1) * 8)) == 0) {
        return null; // short form would do, or a leading zero octet
      }
      header = 2 + lenLen;
    }
    if (length > end - pos - header) {
      return null;
    }
    int contentStart = pos + header;
    pos = contentStart + (int) length;
    return new CryptobyteReader(b, contentStart, pos);
  }

  /** The bytes left (a read element's contents, when this reader came from {@link #read}). */
  byte[] bytes() {
    return Arrays.copyOfRange(b, pos, end);
  }

  /**
   * Reads an element of identifier {@code tag} holding a minimal two's-complement integer of at
   * most 8 bytes (cryptobyte's {@code ReadASN1Int64WithTag}); null when Go's read fails.
   */
  Long readInt64(int tag) {
    int mark = pos;
    CryptobyteReader v = read(tag);
    if (v == null) {
      return null;
    }
    byte[] c = v.bytes();
    boolean minimal = c.length == 1 || (c.length > 1
        && !(c[0] == 0 && (c[1] & 0x80) == 0) && !(c[0] == (byte) 0xff && (c[1] & 0x80) != 0));
    if (c.length == 0 || !minimal || c.length > 8) {
      pos = mark;
      return null;
    }
    long value = c[0]; // sign-extended
    for (int i = 1; i < c.length; i++) {
      value = (value << 8) | (c[i] & 0xff);
    }
    return value;
  }
}
