package io.msp4j.cli.operations;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.TurboFilterList;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.ConsoleAppender;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

/**
 * The command's logging: lines {@code LEVEL Logger - message} on standard error, at the levels of
 * a {@link LogSpec}. The logger context of logback is the process's own (SLF4J binds it once);
 * this class only reaches it, through the {@link LogSpecFilter} installed in it.
 */
public final class CommandLogging implements LogLevels {
  /** What nothing is logged at: SLF4J has no level above error. */
  public static final LogSpec SILENT = LogSpec.of(LogLevel.FATAL);
  /** What {@code --verbose} turns on. */
  public static final LogSpec VERBOSE = LogSpec.of(LogLevel.DEBUG);

  private final LogSpecFilter filter;

  private CommandLogging(LogSpecFilter filter) {
    this.filter = filter;
  }

  /**
   * The logging of this process, set up as the command's if SLF4J is bound to logback.
   *
   * @return the levels, or a fixed {@link LogLevels} that refuses changes when SLF4J is bound to
   *     another backend
   */
  public static LogLevels of(ILoggerFactory factory) {
    if (factory instanceof LoggerContext context) {
      return new CommandLogging(filterOf(context));
    }
    return new Unchangeable(factory.getClass().getName());
  }

  /** As {@link #of(ILoggerFactory)} for the factory SLF4J is bound to. */
  public static LogLevels process() {
    return of(LoggerFactory.getILoggerFactory());
  }

  /** Sets a logger context up as the command's: the appender, silent until told otherwise. */
  static void configure(LoggerContext context) {
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("%level %logger{0} - %msg%n");
    encoder.start();
    ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
    console.setContext(context);
    console.setName("stderr");
    console.setTarget("System.err");
    console.setEncoder(encoder);
    console.start();
    ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    root.addAppender(console);
    root.setLevel(ch.qos.logback.classic.Level.ALL); // the filter decides
    filterOf(context);
  }

  private static synchronized LogSpecFilter filterOf(LoggerContext context) {
    TurboFilterList filters = context.getTurboFilterList();
    for (TurboFilter f : filters) {
      if (f instanceof LogSpecFilter s) {
        return s;
      }
    }
    LogSpecFilter f = new LogSpecFilter(SILENT);
    f.setContext(context);
    f.start();
    context.addTurboFilter(f);
    return f;
  }

  @Override
  public boolean canChange() {
    return true;
  }

  @Override
  public LogSpec current() {
    return filter.spec();
  }

  @Override
  public void activate(LogSpec spec) {
    filter.activate(spec);
  }

  @Override
  public String toString() {
    return "CommandLogging{" + current() + "}";
  }

  /** The levels of a backend other than logback: read as silent, never changed. */
  private record Unchangeable(String backend) implements LogLevels {
    @Override
    public boolean canChange() {
      return false;
    }

    @Override
    public LogSpec current() {
      return SILENT;
    }

    @Override
    public void activate(LogSpec spec) {
      throw new IllegalStateException("the logging backend (" + backend
          + ") cannot change levels while the command runs");
    }
  }
}
