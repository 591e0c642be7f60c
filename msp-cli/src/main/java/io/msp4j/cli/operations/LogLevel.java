package io.msp4j.cli.operations;

import ch.qos.logback.classic.Level;
import java.util.Locale;
import java.util.Optional;

/**
 * The level names of Fabric's logging specification, in Fabric's order (least severe first), and
 * the logback levels they let through. SLF4J has nothing above ERROR, so {@code dpanic}, {@code
 * panic} and {@code fatal} let nothing through the command's loggers.
 */
public enum LogLevel {
  PAYLOAD("payload"),
  DEBUG("debug"),
  INFO("info"),
  WARN("warn"),
  ERROR("error"),
  DPANIC("dpanic"),
  PANIC("panic"),
  FATAL("fatal");

  private final String label;

  LogLevel(String label) {
    this.label = label;
  }

  /** The name a normalised specification uses for this level, such as {@code debug}. */
  public String label() {
    return label;
  }

  /**
   * The level a name stands for, as Fabric reads it: lower or upper case, {@code warning} for
   * {@code warn}, {@code notice} for {@code info}, {@code critical} for {@code error}.
   */
  public static Optional<LogLevel> named(String name) {
    if (!name.equals(name.toLowerCase(Locale.ROOT)) && !name.equals(name.toUpperCase(Locale.ROOT))) {
      return Optional.empty(); // Fabric takes "DEBUG" and "debug", not "Debug"
    }
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "payload" -> Optional.of(PAYLOAD);
      case "debug" -> Optional.of(DEBUG);
      case "info", "notice" -> Optional.of(INFO);
      case "warn", "warning" -> Optional.of(WARN);
      case "error", "critical" -> Optional.of(ERROR);
      case "dpanic" -> Optional.of(DPANIC);
      case "panic" -> Optional.of(PANIC);
      case "fatal" -> Optional.of(FATAL);
      default -> Optional.empty();
    };
  }

  /** The Fabric level an event of this logback level is logged at (TRACE is Fabric's payload). */
  public static LogLevel of(Level level) {
    return switch (level.toInt()) {
      case Level.TRACE_INT -> PAYLOAD;
      case Level.DEBUG_INT -> DEBUG;
      case Level.INFO_INT -> INFO;
      case Level.WARN_INT -> WARN;
      default -> level.toInt() < Level.TRACE_INT ? PAYLOAD : ERROR;
    };
  }

  /** Whether an event at {@code event} passes a logger set to this level. */
  public boolean lets(LogLevel event) {
    return event.compareTo(this) >= 0;
  }
}
