package io.msp4j.cli.operations;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A logging specification in Fabric's grammar: {@code [<logger>[,<logger>...]=]<level>[:...]},
 * for example {@code io.msp4j.network=debug:info}. A segment without a logger sets the default
 * level (the last one wins; {@code info} when none is given). A logger name applies to that
 * logger and the loggers below it ({@code io.msp4j} covers {@code io.msp4j.network.ChannelFollower});
 * a name ending in a period applies to that logger alone. The most specific name wins. Immutable.
 */
public final class LogSpec {
  /** Fabric's valid logger names: dot-separated parts of letters, digits, {@code _#:-}. */
  private static final Pattern LOGGER = Pattern.compile("[\\p{Alnum}_#:-]+(\\.[\\p{Alnum}_#:-]+)*");
  /** Specifications longer than this are refused (a real one is a few hundred characters). */
  static final int MAX_LENGTH = 4096;

  private final LogLevel defaultLevel;
  private final Map<String, LogLevel> loggers;

  private LogSpec(LogLevel defaultLevel, Map<String, LogLevel> loggers) {
    this.defaultLevel = defaultLevel;
    this.loggers = Collections.unmodifiableMap(new TreeMap<>(loggers));
  }

  /** Every logger at {@code level}. */
  public static LogSpec of(LogLevel level) {
    return new LogSpec(Objects.requireNonNull(level, "level"), Map.of());
  }

  /**
   * Reads a specification.
   *
   * @throws IllegalArgumentException naming the specification and the bad segment or name, as
   *     Fabric's {@code ActivateSpec} does
   */
  public static LogSpec parse(String spec) {
    Objects.requireNonNull(spec, "spec");
    if (spec.length() > MAX_LENGTH) {
      throw new IllegalArgumentException("invalid logging specification: longer than "
          + MAX_LENGTH + " characters");
    }
    LogLevel defaultLevel = LogLevel.INFO;
    Map<String, LogLevel> loggers = new TreeMap<>();
    for (String field : spec.split(":", -1)) {
      String[] split = field.split("=", -1);
      if (split.length == 1) {
        if (!field.isEmpty()) {
          defaultLevel = LogLevel.named(field).orElseThrow(() -> bad(spec, "bad segment", field));
        } else {
          defaultLevel = LogLevel.INFO;
        }
      } else if (split.length == 2) {
        if (split[0].isEmpty()) {
          throw bad(spec, "no logger specified in segment", field);
        }
        LogLevel level = LogLevel.named(split[1]).orElseThrow(() -> bad(spec, "bad segment", field));
        for (String logger : split[0].split(",", -1)) {
          String name = logger.endsWith(".") ? logger.substring(0, logger.length() - 1) : logger;
          if (!LOGGER.matcher(name).matches()) {
            throw bad(spec, "bad logger name", logger);
          }
          loggers.put(logger, level);
        }
      } else {
        throw bad(spec, "bad segment", field);
      }
    }
    return new LogSpec(defaultLevel, loggers);
  }

  private static IllegalArgumentException bad(String spec, String what, String part) {
    return new IllegalArgumentException(
        "invalid logging specification '" + spec + "': " + what + " '" + part + "'");
  }

  /** The level of loggers no name of the specification covers. */
  public LogLevel defaultLevel() {
    return defaultLevel;
  }

  /** The level of a logger: that of the most specific name covering it, else the default. */
  public LogLevel levelOf(String logger) {
    String candidate = logger + ".";
    while (true) {
      LogLevel l = loggers.get(candidate);
      if (l != null) {
        return l;
      }
      int dot = candidate.lastIndexOf('.');
      if (dot <= 0) {
        return defaultLevel;
      }
      candidate = candidate.substring(0, dot);
    }
  }

  /**
   * The normalised text, as Fabric's {@code GET /logspec} answers: {@code name=level} segments
   * sorted, then the default level, such as {@code io.msp4j.network=debug:info}.
   */
  public String text() {
    StringBuilder b = new StringBuilder();
    loggers.forEach((name, level) -> b.append(name).append('=').append(level.label()).append(':'));
    return b.append(defaultLevel.label()).toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LogSpec s && s.defaultLevel == defaultLevel && s.loggers.equals(loggers);
  }

  @Override
  public int hashCode() {
    return Objects.hash(defaultLevel, loggers);
  }

  @Override
  public String toString() {
    return text();
  }
}
