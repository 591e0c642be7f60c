package io.msp4j.cli.operations;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Marker;

/**
 * Decides every logging call by the {@link LogSpec} in force, before logback looks at a logger's
 * own level: a logback logger level cannot say "this logger only, not the ones below it", which
 * Fabric's grammar can. The level of each logger name is kept until the specification changes.
 */
final class LogSpecFilter extends TurboFilter {
  /** The name this filter has in its logger context, so that it is found again. */
  static final String NAME = "msp4j-logspec";

  private volatile State state;

  private record State(LogSpec spec, Map<String, LogLevel> levels) {}

  LogSpecFilter(LogSpec spec) {
    setName(NAME);
    activate(spec);
  }

  LogSpec spec() {
    return state.spec();
  }

  void activate(LogSpec spec) {
    state = new State(spec, new ConcurrentHashMap<>());
  }

  @Override
  public FilterReply decide(Marker marker, Logger logger, Level level, String format,
      Object[] params, Throwable t) {
    if (level == null) {
      return FilterReply.NEUTRAL;
    }
    State s = state;
    LogLevel threshold = s.levels().computeIfAbsent(logger.getName(), s.spec()::levelOf);
    return threshold.lets(LogLevel.of(level)) ? FilterReply.ACCEPT : FilterReply.DENY;
  }
}
