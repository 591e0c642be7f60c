package io.msp4j.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * Reads a window such as {@code 30d}: a whole number and one unit, {@code ms} milliseconds,
 * {@code s} seconds, {@code m}
 * minutes, {@code h} hours, {@code d} days, {@code w} weeks or {@code y} years of 365 days.
 */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
  private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|[smhdwy])");

  @Override
  public Duration convert(String value) {
    Matcher m = FORM.matcher(value.strip());
    if (!m.matches()) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a duration such as 30d, 12h, 2w, 500ms (units ms, s, m, h, d, w, y)");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      case "d" -> Duration.ofDays(n);
      case "w" -> Duration.ofDays(7 * n);
      default -> Duration.ofDays(365 * n);
    };
  }

  /** The shortest text this converter reads back as {@code d}, such as {@code 30d}. */
  static String text(Duration d) {
    if (d.getNano() != 0) {
      return d.toMillis() + "ms";
    }
    long s = d.getSeconds();
    if (s % 86_400 == 0) {
      long days = s / 86_400;
      return days % 365 == 0 && days > 0 ? days / 365 + "y"
          : days % 7 == 0 && days > 0 ? days / 7 + "w" : days + "d";
    }
    if (s % 3600 == 0) {
      return s / 3600 + "h";
    }
    return s % 60 == 0 ? s / 60 + "m" : s + "s";
  }
}
