package io.msp4j.config.internal;

import java.math.BigInteger;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How the Go YAML library Fabric v3.0 reads config.yaml with (gopkg.in/yaml.v2) types a scalar:
 * the implicit resolution of plain scalars (YAML 1.1 booleans: {@code yes}, {@code on}, {@code y}
 * and their false counterparts are booleans as well as {@code true}/{@code false}), the handling
 * of quoted and block scalars (always strings) and of explicit tags ({@code !!bool yes} is a
 * boolean, {@code !!int abc} is an error, {@code !!binary} is base64-decoded, unknown tags and
 * the non-specific {@code !} keep the text). SnakeYAML's own resolver would type several of these
 * differently.
 */
public final class GoYamlScalar {

  /** Short forms of the standard tags. */
  public static final String STR = "!!str";
  public static final String BOOL = "!!bool";
  public static final String INT = "!!int";
  public static final String FLOAT = "!!float";
  public static final String NULL = "!!null";
  public static final String TIMESTAMP = "!!timestamp";
  public static final String BINARY = "!!binary";
  public static final String MERGE = "!!merge";
  /** Stands for the non-specific tag {@code !}, which Go keeps and does not resolve. */
  public static final String NON_SPECIFIC = "tag:msp4j.io,2024:non-specific";

  private static final String LONG_PREFIX = "tag:yaml.org,2002:";

  /**
   * A resolved scalar: its (short) tag and value. The value is {@code null} for null, a
   * {@link Boolean}, a {@link String} (strings, binary after decoding, unknown tags), or
   * another object for numbers and timestamps.
   */
  public record Resolved(String tag, Object value) {
    public boolean isNull() {
      return value == null;
    }
  }

  /** The resolution failed: an explicit tag the text does not fit, or bad base64. */
  public static final class ResolveException extends Exception {
    private static final long serialVersionUID = 1L;

    ResolveException(String message) {
      super(message);
    }
  }

  private static final Map<String, Object> SPECIAL =
      Map.ofEntries(
          Map.entry("y", Boolean.TRUE),
          Map.entry("Y", Boolean.TRUE),
          Map.entry("yes", Boolean.TRUE),
          Map.entry("Yes", Boolean.TRUE),
          Map.entry("YES", Boolean.TRUE),
          Map.entry("true", Boolean.TRUE),
          Map.entry("True", Boolean.TRUE),
          Map.entry("TRUE", Boolean.TRUE),
          Map.entry("on", Boolean.TRUE),
          Map.entry("On", Boolean.TRUE),
          Map.entry("ON", Boolean.TRUE),
          Map.entry("n", Boolean.FALSE),
          Map.entry("N", Boolean.FALSE),
          Map.entry("no", Boolean.FALSE),
          Map.entry("No", Boolean.FALSE),
          Map.entry("NO", Boolean.FALSE),
          Map.entry("false", Boolean.FALSE),
          Map.entry("False", Boolean.FALSE),
          Map.entry("FALSE", Boolean.FALSE),
          Map.entry("off", Boolean.FALSE),
          Map.entry("Off", Boolean.FALSE),
          Map.entry("OFF", Boolean.FALSE),
          Map.entry(".nan", Double.NaN),
          Map.entry(".NaN", Double.NaN),
          Map.entry(".NAN", Double.NaN),
          Map.entry(".inf", Double.POSITIVE_INFINITY),
          Map.entry(".Inf", Double.POSITIVE_INFINITY),
          Map.entry(".INF", Double.POSITIVE_INFINITY),
          Map.entry("+.inf", Double.POSITIVE_INFINITY),
          Map.entry("+.Inf", Double.POSITIVE_INFINITY),
          Map.entry("+.INF", Double.POSITIVE_INFINITY),
          Map.entry("-.inf", Double.NEGATIVE_INFINITY),
          Map.entry("-.Inf", Double.NEGATIVE_INFINITY),
          Map.entry("-.INF", Double.NEGATIVE_INFINITY));
  private static final Set<String> NULLS = Set.of("", "~", "null", "Null", "NULL");
  private static final Set<String> RESOLVABLE = Set.of("", STR, BOOL, INT, FLOAT, NULL, TIMESTAMP);
  private static final Pattern YAML_FLOAT =
      Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
  private static final Pattern DOT_FLOAT = Pattern.compile("\\.[0-9]+([eE][-+]?[0-9]+)?");
  private static final Pattern TIMESTAMP_FORM =
      Pattern.compile(
          "([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})"
              + "(?:[Tt]([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:\\.[0-9]{1,9})?(?:Z|[+-][0-9]{2}:[0-9]{2})"
              + "| ([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:\\.[0-9]{1,9})?)?");

  private GoYamlScalar() {}

  /** The short form of a tag: {@code tag:yaml.org,2002:int} becomes {@code !!int}. */
  public static String shortTag(String tag) {
    if (tag.startsWith(LONG_PREFIX)) {
      return "!!" + tag.substring(LONG_PREFIX.length());
    }
    return tag;
  }

  /**
   * Resolves a scalar.
   *
   * @param explicitTag the node's explicit tag in short form, or null when it has none (or the
   *     non-specific {@code !})
   * @param quotedOrBlock whether the scalar was quoted, literal or folded
   * @param text the scalar's text
   */
  public static Resolved resolveNode(String explicitTag, boolean quotedOrBlock, String text)
      throws ResolveException {
    if (STR.equals(explicitTag) || (explicitTag == null && quotedOrBlock)) {
      return new Resolved(STR, text);
    }
    Resolved r = resolve(explicitTag == null ? "" : explicitTag, text);
    if (BINARY.equals(r.tag())) {
      String compact = ((String) r.value()).replace("\r", "").replace("\n", "");
      if (compact.length() % 4 != 0) {
        throw new ResolveException("!!binary value contains invalid base64 data");
      }
      try {
        byte[] bytes = Base64.getDecoder().decode(compact);
        return new Resolved(BINARY, new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        throw new ResolveException("!!binary value contains invalid base64 data");
      }
    }
    return r;
  }

  /** Whether a key scalar is a merge key ({@code <<} plain, or tagged {@code !!merge}). */
  public static boolean isMergeKey(String explicitTag, boolean quotedOrBlock, String text) {
    if (explicitTag != null) {
      return MERGE.equals(explicitTag);
    }
    return !quotedOrBlock && "<<".equals(text);
  }

  static Resolved resolve(String tag, String in) throws ResolveException {
    if (!RESOLVABLE.contains(tag)) {
      return new Resolved(tag, in);
    }
    Resolved r = resolveUnchecked(tag, in);
    String rtag = r.tag();
    if (tag.isEmpty() || tag.equals(rtag) || tag.equals(STR)) {
      return tag.equals(STR) ? new Resolved(STR, in) : r;
    }
    if (tag.equals(FLOAT) && rtag.equals(INT)) {
      return new Resolved(FLOAT, ((Number) r.value()).doubleValue());
    }
    throw new ResolveException(
        "cannot construct " + rtag + " `" + in + "` as a " + tag);
  }

  private static Resolved resolveUnchecked(String tag, String in) {
    if (tag.equals(STR)) {
      return new Resolved(STR, in);
    }
    char hint = hint(in);
    if (hint == 0) {
      return new Resolved(STR, in);
    }
    if (NULLS.contains(in)) {
      return new Resolved(NULL, null);
    }
    Object special = SPECIAL.get(in);
    if (special != null) {
      return new Resolved(special instanceof Boolean ? BOOL : FLOAT, special);
    }
    switch (hint) {
      case 'M':
        break;
      case '.':
        if (DOT_FLOAT.matcher(in).matches()) {
          double d = Double.parseDouble(in);
          if (!Double.isInfinite(d)) {
            return new Resolved(FLOAT, d);
          }
        }
        break;
      default: // 'D' or 'S'
        if ((tag.isEmpty() || tag.equals(TIMESTAMP)) && isTimestamp(in)) {
          return new Resolved(TIMESTAMP, in);
        }
        String plain = in.replace("_", "");
        BigInteger i = parseGoInt(plain);
        if (i != null && i.bitLength() < 64) {
          return new Resolved(INT, i);
        }
        if (i != null && i.signum() > 0 && i.bitLength() <= 64 && plain.charAt(0) != '+') {
          return new Resolved(INT, i);
        }
        if (YAML_FLOAT.matcher(plain).matches()) {
          double d = Double.parseDouble(plain);
          if (!Double.isInfinite(d)) {
            return new Resolved(FLOAT, d);
          }
        }
        break;
    }
    return new Resolved(STR, in);
  }

  private static char hint(String in) {
    if (in.isEmpty()) {
      return 'N';
    }
    char c = in.charAt(0);
    if (c == '+' || c == '-') {
      return 'S';
    }
    if (c >= '0' && c <= '9') {
      return 'D';
    }
    if ("yYnNtTfFoO~".indexOf(c) >= 0) {
      return 'M';
    }
    if (c == '.') {
      return '.';
    }
    return 0;
  }

  /** Go's strconv.ParseInt(s, 0, ...) syntax: sign, then 0x/0o/0b prefix or a leading 0 (octal). */
  private static BigInteger parseGoInt(String s) {
    if (s.isEmpty()) {
      return null;
    }
    int pos = 0;
    boolean negative = false;
    if (s.charAt(0) == '+' || s.charAt(0) == '-') {
      negative = s.charAt(0) == '-';
      pos = 1;
    }
    String body = s.substring(pos);
    int radix = 10;
    if (body.length() > 2 && body.charAt(0) == '0') {
      char p = Character.toLowerCase(body.charAt(1));
      if (p == 'x') {
        radix = 16;
        body = body.substring(2);
      } else if (p == 'o') {
        radix = 8;
        body = body.substring(2);
      } else if (p == 'b') {
        radix = 2;
        body = body.substring(2);
      }
    }
    if (radix == 10 && body.length() > 1 && body.charAt(0) == '0') {
      radix = 8;
      body = body.substring(1);
    }
    if (body.isEmpty()) {
      return null;
    }
    for (int i = 0; i < body.length(); i++) {
      if (Character.digit(body.charAt(i), radix) < 0 || body.charAt(i) > 'z') {
        return null;
      }
    }
    BigInteger v = new BigInteger(body, radix);
    return negative ? v.negate() : v;
  }

  private static boolean isTimestamp(String s) {
    var m = TIMESTAMP_FORM.matcher(s);
    if (!m.matches()) {
      return false;
    }
    int month = Integer.parseInt(m.group(2));
    int day = Integer.parseInt(m.group(3));
    if (month < 1 || month > 12 || day < 1) {
      return false;
    }
    int year = Integer.parseInt(m.group(1));
    if (day > java.time.YearMonth.of(year, month).lengthOfMonth()) {
      return false;
    }
    int base = m.group(4) != null ? 4 : m.group(7) != null ? 7 : 0;
    if (base > 0) {
      return Integer.parseInt(m.group(base)) < 24
          && Integer.parseInt(m.group(base + 1)) < 60
          && Integer.parseInt(m.group(base + 2)) < 60;
    }
    return true;
  }
}
