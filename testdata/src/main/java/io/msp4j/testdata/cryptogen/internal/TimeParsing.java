package io.msp4j.testdata.cryptogen.internal;

import io.msp4j.testdata.cryptogen.TimePoint;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the time values of a spec: instants, dates, {@code now} and offsets like {@code -30d}. */
public final class TimeParsing {
  private static final Pattern DURATION = Pattern.compile("([0-9]{1,9})([smhdy])");
  private static final Pattern WHOLE_DURATION = Pattern.compile("([0-9]{1,9}[smhdy])+");

  private TimeParsing() {}

  /** A duration such as {@code 50y}, {@code 30d}, {@code 1d12h}; empty if malformed. */
  public static Optional<Duration> duration(String text) {
    String t = text.trim();
    if (!WHOLE_DURATION.matcher(t).matches()) {
      return Optional.empty();
    }
    Duration total = Duration.ZERO;
    Matcher m = DURATION.matcher(t);
    while (m.find()) {
      long n = Long.parseLong(m.group(1));
      total = total.plus(switch (m.group(2)) {
        case "s" -> Duration.ofSeconds(n);
        case "m" -> Duration.ofMinutes(n);
        case "h" -> Duration.ofHours(n);
        case "d" -> Duration.ofDays(n);
        default -> Duration.ofDays(365 * n);
      });
    }
    return Optional.of(total);
  }

  /** An absolute instant: ISO-8601 with offset, or a date (midnight UTC); empty if malformed. */
  public static Optional<Instant> instant(String text) {
    String t = text.trim();
    try {
      return Optional.of(OffsetDateTime.parse(t).toInstant());
    } catch (DateTimeParseException e) {
      // not a date-time; try a date
    }
    try {
      return Optional.of(LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /** A time point: an instant, a date, {@code now}, or a signed offset; empty if malformed. */
  public static Optional<TimePoint> timePoint(String text) {
    String t = text.trim();
    if (t.equals("now")) {
      return Optional.of(TimePoint.fromNow(Duration.ZERO));
    }
    if (t.startsWith("+") || t.startsWith("-")) {
      boolean negative = t.startsWith("-");
      return duration(t.substring(1))
          .map(d -> TimePoint.fromNow(negative ? d.negated() : d));
    }
    return instant(t).map(TimePoint::at);
  }
}
