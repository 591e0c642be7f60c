package io.msp4j.channel.internal.load;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Go's {@code time.ParseDuration}, which the orderer uses for {@code BatchTimeout}: a sequence of
 * decimal numbers with units ({@code ns}, {@code us}, {@code µs}, {@code μs}, {@code ms}, {@code
 * s}, {@code m}, {@code h}), an optional sign, {@code "0"} alone; at most 2^63-1 nanoseconds.
 * Works on the UTF-8 bytes, as Go does.
 */
final class GoDuration {
  private static final BigInteger LIMIT = BigInteger.ONE.shiftLeft(63);
  private static final Map<String, Long> UNITS = Map.of(
      "ns", 1L,
      "us", 1_000L,
      "\u00b5s", 1_000L,
      "\u03bcs", 1_000L,
      "ms", 1_000_000L,
      "s", 1_000_000_000L,
      "m", 60_000_000_000L,
      "h", 3_600_000_000_000L);

  private GoDuration() {}

  /**
   * The duration in nanoseconds.
   *
   * @throws IllegalArgumentException with Go's message when the text is not a duration
   */
  static long parseNanos(String text) {
    byte[] s = text.getBytes(StandardCharsets.UTF_8);
    int p = 0;
    boolean neg = false;
    if (s.length > 0 && (s[0] == '-' || s[0] == '+')) {
      neg = s[0] == '-';
      p = 1;
    }
    if (s.length - p == 1 && s[p] == '0') {
      return 0;
    }
    if (p == s.length) {
      throw invalid(text);
    }
    BigInteger d = BigInteger.ZERO;
    while (p < s.length) {
      if (!(s[p] == '.' || isDigit(s[p]))) {
        throw invalid(text);
      }
      int start = p;
      BigInteger v = BigInteger.ZERO;
      while (p < s.length && isDigit(s[p])) {
        if (v.compareTo(LIMIT.divide(BigInteger.TEN)) > 0) {
          throw invalid(text);
        }
        v = v.multiply(BigInteger.TEN).add(BigInteger.valueOf(s[p] - '0'));
        if (v.compareTo(LIMIT) > 0) {
          throw invalid(text);
        }
        p++;
      }
      boolean pre = p != start;
      boolean post = false;
      long f = 0;
      double scale = 1;
      if (p < s.length && s[p] == '.') {
        p++;
        int fracStart = p;
        boolean overflow = false;
        while (p < s.length && isDigit(s[p])) {
          if (!overflow) {
            long y = f * 10 + (s[p] - '0');
            if (Long.compareUnsigned(f, Long.MAX_VALUE / 10) > 0
                || Long.compareUnsigned(y, Long.MIN_VALUE) > 0) {
              overflow = true;
            } else {
              f = y;
              scale *= 10;
            }
          }
          p++;
        }
        post = p != fracStart;
      }
      if (!pre && !post) {
        throw invalid(text);
      }
      int unitStart = p;
      while (p < s.length && !(s[p] == '.' || isDigit(s[p]))) {
        p++;
      }
      if (p == unitStart) {
        throw new IllegalArgumentException("time: missing unit in duration \"" + text + "\"");
      }
      String u = new String(s, unitStart, p - unitStart, StandardCharsets.UTF_8);
      Long unit = UNITS.get(u);
      if (unit == null) {
        throw new IllegalArgumentException(
            "time: unknown unit \"" + u + "\" in duration \"" + text + "\"");
      }
      BigInteger bu = BigInteger.valueOf(unit);
      if (v.compareTo(LIMIT.divide(bu)) > 0) {
        throw invalid(text);
      }
      v = v.multiply(bu);
      if (f != 0) {
        double fraction = f < 0 ? 0x1p63 : (double) f;   // f is at most 2^63, held unsigned
        v = v.add(BigInteger.valueOf((long) (fraction * ((double) unit / scale))));
        if (v.compareTo(LIMIT) > 0) {
          throw invalid(text);
        }
      }
      d = d.add(v);
      if (d.compareTo(LIMIT) > 0) {
        throw invalid(text);
      }
    }
    if (neg) {
      return d.negate().longValue();
    }
    if (d.compareTo(LIMIT) >= 0) {
      throw invalid(text);
    }
    return d.longValueExact();
  }

  private static boolean isDigit(byte b) {
    return b >= '0' && b <= '9';
  }

  private static IllegalArgumentException invalid(String text) {
    return new IllegalArgumentException("time: invalid duration \"" + text + "\"");
  }
}
