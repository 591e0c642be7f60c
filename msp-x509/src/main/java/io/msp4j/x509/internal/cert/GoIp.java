package io.msp4j.x509.internal.cert;

/** Go's {@code net.ParseIP} acceptance: dotted IPv4 (no leading zeros) or IPv6 text, no zone. */
public final class GoIp {
  private GoIp() {}

  /** Returns the 4- or 16-byte address, or null when Go would not parse the string as an IP. */
  public static byte[] parse(String s) {
    if (s.indexOf(':') < 0) {
      return parseV4(s);
    }
    return parseV6(s);
  }

  /**
   * Whether Go's {@code netip.ParseAddr} accepts {@code s}: as {@link #parse}, and an IPv6 address
   * may carry a non-empty zone after {@code %}.
   */
  public static boolean isNetipAddress(String s) {
    return netipAddress(s) != null;
  }

  /**
   * The address {@code netip.ParseAddr} reads from {@code s} (4 bytes for dotted IPv4, 16 for
   * IPv6, the zone dropped), or null when it refuses it.
   */
  public static byte[] netipAddress(String s) {
    if (s.indexOf(':') < 0) {
      return parseV4(s);
    }
    int percent = s.indexOf('%');
    if (percent >= 0) {
      if (percent == s.length() - 1) {
        return null;
      }
      s = s.substring(0, percent);
    }
    return parseV6(s);
  }

  private static byte[] parseV4(String s) {
    byte[] out = new byte[4];
    int pos = 0;
    for (int part = 0; part < 4; part++) {
      if (part > 0) {
        if (pos >= s.length() || s.charAt(pos) != '.') {
          return null;
        }
        pos++;
      }
      int start = pos;
      int value = 0;
      while (pos < s.length() && Character.isDigit(s.charAt(pos)) && s.charAt(pos) < 128) {
        value = value * 10 + (s.charAt(pos) - '0');
        pos++;
        if (value > 255) {
          return null;
        }
      }
      int len = pos - start;
      if (len == 0 || (len > 1 && s.charAt(start) == '0')) {
        return null;
      }
      out[part] = (byte) value;
    }
    return pos == s.length() ? out : null;
  }

  private static byte[] parseV6(String s) {
    byte[] ip = new byte[16];
    int ellipsis = -1;
    int pos = 0;
    if (s.startsWith("::")) {
      ellipsis = 0;
      pos = 2;
      if (pos == s.length()) {
        return ip;
      }
    }
    int i = 0;
    while (i < 16) {
      int start = pos;
      int value = 0;
      while (pos < s.length() && hex(s.charAt(pos)) >= 0 && pos - start < 4) {
        value = value * 16 + hex(s.charAt(pos));
        pos++;
      }
      if (pos == start) {
        return null;
      }
      if (pos < s.length() && hex(s.charAt(pos)) >= 0) {
        return null; // more than four hex digits
      }
      if (pos < s.length() && s.charAt(pos) == '.') {
        if (ellipsis < 0 && i != 12) {
          return null;
        }
        if (i + 4 > 16) {
          return null;
        }
        byte[] v4 = parseV4(s.substring(start));
        if (v4 == null) {
          return null;
        }
        System.arraycopy(v4, 0, ip, i, 4);
        i += 4;
        pos = s.length();
        break;
      }
      ip[i] = (byte) (value >> 8);
      ip[i + 1] = (byte) value;
      i += 2;
      if (pos == s.length()) {
        break;
      }
      if (s.charAt(pos) != ':' || pos + 1 == s.length()) {
        return null;
      }
      pos++;
      if (s.charAt(pos) == ':') {
        if (ellipsis >= 0) {
          return null;
        }
        ellipsis = i;
        pos++;
        if (pos == s.length()) {
          break;
        }
      }
    }
    if (pos != s.length()) {
      return null;
    }
    if (i < 16) {
      if (ellipsis < 0) {
        return null;
      }
      int n = 16 - i;
      for (int j = i - 1; j >= ellipsis; j--) {
        ip[j + n] = ip[j];
      }
      for (int j = ellipsis + n - 1; j >= ellipsis; j--) {
        ip[j] = 0;
      }
    } else if (ellipsis >= 0) {
      return null;
    }
    return ip;
  }

  private static int hex(char c) {
    if ('0' <= c && c <= '9') {
      return c - '0';
    }
    if ('a' <= c && c <= 'f') {
      return c - 'a' + 10;
    }
    if ('A' <= c && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }
}
