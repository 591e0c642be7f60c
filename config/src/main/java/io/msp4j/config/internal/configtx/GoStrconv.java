package io.msp4j.config.internal.configtx;

import io.msp4j.config.internal.Quotes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;

/**
 * Go's text-to-number rules as Fabric's config decoder applies them to strings: {@code
 * strconv.ParseInt/ParseUint} with base 0 (sign, {@code 0x}/{@code 0o}/{@code 0b} prefixes, a
 * leading {@code 0} meaning octal, underscores between digits), {@code strconv.ParseBool},
 * {@code time.ParseDuration} and {@code strconv.FormatFloat(f, 'f', -1, 64)}.
 */
final class GoStrconv {

  /** A text that Go refuses; the message reads like Go's. */
  static final class NumberFormatError extends Exception {
    private static final long serialVersionUID = 1L;

    NumberFormatError(String message) {
      super(message, null, false, false);
    }
  }

  private static final BigInteger TWO_63 = BigInteger.ONE.shiftLeft(63);

  private GoStrconv() {}

  /** {@code strconv.ParseInt(s, 0, bits)}. */
  static long parseInt(String s, int bits) throws NumberFormatError {
    String fn = "strconv.ParseInt";
    if (s.isEmpty()) {
      throw syntax(fn, s);
    }
    boolean neg = false;
    String body = s;
    if (s.charAt(0) == '+' || s.charAt(0) == '-') {
      neg = s.charAt(0) == '-';
      body = s.substring(1);
    }
    BigInteger un = parseUnsigned(body, s, fn);
    BigInteger cutoff = BigInteger.ONE.shiftLeft(bits - 1);
    if (!neg && un.compareTo(cutoff) >= 0) {
      throw range(fn, s);
    }
    if (neg && un.compareTo(cutoff) > 0) {
      throw range(fn, s);
    }
    return neg ? un.negate().longValue() : un.longValue();
  }

  /** {@code strconv.ParseUint(s, 0, bits)}; the result holds the value's bits. */
  static long parseUint(String s, int bits) throws NumberFormatError {
    String fn = "strconv.ParseUint";
    BigInteger un = parseUnsigned(s, s, fn);
    if (un.bitLength() > bits) {
      throw range(fn, s);
    }
    return un.longValue();
  }

  private static BigInteger parseUnsigned(String s, String original, String fn)
      throws NumberFormatError {
    if (s.isEmpty()) {
      throw syntax(fn, original);
    }
    int base = 10;
    String digits = s;
    if (s.charAt(0) == '0') {
      char p = s.length() >= 3 ? Character.toLowerCase(s.charAt(1)) : 0;
      if (p == 'b') {
        base = 2;
        digits = s.substring(2);
      } else if (p == 'o') {
        base = 8;
        digits = s.substring(2);
      } else if (p == 'x') {
        base = 16;
        digits = s.substring(2);
      } else {
        base = 8;
        digits = s.substring(1);
      }
    }
    BigInteger n = BigInteger.ZERO;
    BigInteger b = BigInteger.valueOf(base);
    boolean underscores = false;
    for (int i = 0; i < digits.length(); i++) {
      char c = digits.charAt(i);
      int d;
      if (c == '_') {
        underscores = true;
        continue;
      } else if (c >= '0' && c <= '9') {
        d = c - '0';
      } else if (Character.toLowerCase(c) >= 'a' && Character.toLowerCase(c) <= 'z') {
        d = Character.toLowerCase(c) - 'a' + 10;
      } else {
        throw syntax(fn, original);
      }
      if (d >= base) {
        throw syntax(fn, original);
      }
      n = n.multiply(b).add(BigInteger.valueOf(d));
      if (n.bitLength() > 64) {
        throw range(fn, original);
      }
    }
    if (underscores && !underscoreOk(original)) {
      throw syntax(fn, original);
    }
    return n;
  }

  /** Go's rule for underscores in a base-prefixed integer literal. */
  private static boolean underscoreOk(String s) {
    char saw = '^';
    int i = 0;
    if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
      s = s.substring(1);
    }
    boolean hex = false;
    if (s.length() >= 2 && s.charAt(0) == '0' && "box".indexOf(Character.toLowerCase(s.charAt(1))) >= 0) {
      i = 2;
      saw = '0';
      hex = Character.toLowerCase(s.charAt(1)) == 'x';
    }
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      char lc = Character.toLowerCase(c);
      if ((c >= '0' && c <= '9') || (hex && lc >= 'a' && lc <= 'f')) {
        saw = '0';
        continue;
      }
      if (c == '_') {
        if (saw != '0') {
          return false;
        }
        saw = '_';
        continue;
      }
      if (saw == '_') {
        return false;
      }
      saw = '!';
    }
    return saw != '_';
  }

  /** {@code strconv.ParseBool}. */
  static boolean parseBool(String s) throws NumberFormatError {
    switch (s) {
      case "1", "t", "T", "TRUE", "true", "True":
        return true;
      case "0", "f", "F", "FALSE", "false", "False":
        return false;
      default:
        throw syntax("strconv.ParseBool", s);
    }
  }

  private static final Map<String, Long> UNITS =
      Map.of(
          "ns", 1L,
          "us", 1_000L,
          "\u00b5s", 1_000L,
          "\u03bcs", 1_000L,
          "ms", 1_000_000L,
          "s", 1_000_000_000L,
          "m", 60_000_000_000L,
          "h", 3_600_000_000_000L);

  /** {@code time.ParseDuration}, in nanoseconds. */
  static long parseDuration(String orig) throws NumberFormatError {
    String s = orig;
    boolean neg = false;
    if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
      neg = s.charAt(0) == '-';
      s = s.substring(1);
    }
    if (s.equals("0")) {
      return 0;
    }
    NumberFormatError invalid = new NumberFormatError("time: invalid duration " + goQuote(orig));
    if (s.isEmpty()) {
      throw invalid;
    }
    BigInteger d = BigInteger.ZERO;
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (!(c == '.' || (c >= '0' && c <= '9'))) {
        throw invalid;
      }
      int start = i;
      BigInteger v = BigInteger.ZERO;
      while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
        v = v.multiply(BigInteger.TEN).add(BigInteger.valueOf(s.charAt(i) - '0'));
        if (v.compareTo(TWO_63) > 0) {
          throw invalid;
        }
        i++;
      }
      boolean pre = i != start;
      boolean post = false;
      long f = 0;
      double scale = 1;
      if (i < s.length() && s.charAt(i) == '.') {
        i++;
        int fs = i;
        boolean overflow = false;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
          if (!overflow) {
            if (f > (Long.MAX_VALUE) / 10) {
              overflow = true;
            } else {
              f = f * 10 + (s.charAt(i) - '0');
              scale *= 10;
            }
          }
          i++;
        }
        post = i != fs;
      }
      if (!pre && !post) {
        throw invalid;
      }
      int us = i;
      while (i < s.length() && s.charAt(i) != '.' && !(s.charAt(i) >= '0' && s.charAt(i) <= '9')) {
        i++;
      }
      if (us == i) {
        throw new NumberFormatError("time: missing unit in duration " + goQuote(orig));
      }
      String u = s.substring(us, i);
      Long unit = UNITS.get(u);
      if (unit == null) {
        throw new NumberFormatError(
            "time: unknown unit " + goQuote(u) + " in duration " + goQuote(orig));
      }
      if (v.compareTo(TWO_63.divide(BigInteger.valueOf(unit))) > 0) {
        throw invalid;
      }
      v = v.multiply(BigInteger.valueOf(unit));
      if (f > 0) {
        v = v.add(BigInteger.valueOf((long) ((double) f * ((double) unit / scale))));
        if (v.compareTo(TWO_63) > 0) {
          throw invalid;
        }
      }
      d = d.add(v);
      if (d.compareTo(TWO_63) > 0) {
        throw invalid;
      }
    }
    if (neg) {
      return d.negate().longValue();
    }
    if (d.compareTo(TWO_63) >= 0) {
      throw invalid;
    }
    return d.longValue();
  }

  /** {@code strconv.FormatFloat(f, 'f', -1, 64)}: the shortest digits, no exponent. */
  static String formatFloat(double f) {
    if (Double.isNaN(f)) {
      return "NaN";
    }
    if (Double.isInfinite(f)) {
      return f > 0 ? "+Inf" : "-Inf";
    }
    if (f == 0) {
      return (1 / f < 0) ? "-0" : "0";
    }
    return new BigDecimal(Double.toString(f)).stripTrailingZeros().toPlainString();
  }

  /** Go's {@code int64(f)} on amd64: truncation, and the minimum for NaN or out of range. */
  static long floatToInt64(double f) {
    if (Double.isNaN(f) || f >= 0x1p63 || f < -0x1p63) {
      return Long.MIN_VALUE;
    }
    return (long) f;
  }

  /** Go's {@code uint64(f)} on amd64, as the compiler emits it. */
  static long floatToUint64(double f) {
    if (f < 0x1p63) {
      return floatToInt64(f);
    }
    return floatToInt64(f - 0x1p63) ^ Long.MIN_VALUE;
  }

  private static NumberFormatError syntax(String fn, String s) {
    return new NumberFormatError(fn + ": parsing " + goQuote(s) + ": invalid syntax");
  }

  private static NumberFormatError range(String fn, String s) {
    return new NumberFormatError(fn + ": parsing " + goQuote(s) + ": value out of range");
  }

  static String goQuote(String s) {
    return Quotes.of(s);
  }
}
