package io.msp4j.x509.internal.cert;

/**
 * Go strings are byte strings that need not be valid UTF-8. This maps them to Java strings
 * without losing or merging any: each valid UTF-8 sequence becomes its code point, and each byte
 * that does not start a valid sequence becomes the lone low surrogate U+DC00 + byte, a char that
 * no valid UTF-8 text decodes to. Two Go strings are equal exactly when their Java strings are,
 * and no such string equals a string read from valid UTF-8 (YAML, protobuf) unless Go's would.
 */
public final class GoStrings {
  private GoStrings() {}

  /** The Java string standing for the Go string made of {@code bytes}. */
  public static String fromBytes(byte[] bytes) {
    StringBuilder sb = new StringBuilder(bytes.length);
    int i = 0;
    while (i < bytes.length) {
      int b = bytes[i] & 0xff;
      if (b < 0x80) {
        sb.append((char) b);
        i++;
        continue;
      }
      int n = sequenceLength(bytes, i);
      if (n == 0) {
        sb.append((char) (0xDC00 + b));
        i++;
        continue;
      }
      int cp = b & (0xff >> (n + 1));
      for (int k = 1; k < n; k++) {
        cp = (cp << 6) | (bytes[i + k] & 0x3f);
      }
      sb.appendCodePoint(cp);
      i += n;
    }
    return sb.toString();
  }

  /**
   * The length of the valid UTF-8 sequence starting at {@code i}, or 0 when there is none, with
   * the acceptance rules of Go's {@code utf8.DecodeRune}: no overlong forms, no surrogates,
   * nothing above U+10FFFF.
   */
  private static int sequenceLength(byte[] s, int i) {
    int b0 = s[i] & 0xff;
    int n;
    int lo = 0x80;
    int hi = 0xbf;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      n = 2;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      n = 3;
      if (b0 == 0xe0) {
        lo = 0xa0;
      } else if (b0 == 0xed) {
        hi = 0x9f;
      }
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      n = 4;
      if (b0 == 0xf0) {
        lo = 0x90;
      } else if (b0 == 0xf4) {
        hi = 0x8f;
      }
    } else {
      return 0;
    }
    if (i + n > s.length) {
      return 0;
    }
    int b1 = s[i + 1] & 0xff;
    if (b1 < lo || b1 > hi) {
      return 0;
    }
    for (int k = 2; k < n; k++) {
      int b = s[i + k] & 0xff;
      if (b < 0x80 || b > 0xbf) {
        return 0;
      }
    }
    return n;
  }

  /** The bytes of the Go string that {@code s} stands for: the inverse of {@link #fromBytes}. */
  public static byte[] toBytes(String s) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(s.length());
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      if (cp >= 0xDC80 && cp <= 0xDCFF) {
        out.write(cp - 0xDC00);
      } else {
        out.writeBytes(new String(Character.toChars(cp))
            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
      i += Character.charCount(cp);
    }
    return out.toByteArray();
  }
}
