package io.msp4j.cli.operations;

/** The logging levels of a running command, which {@code /logspec} reads and replaces. */
public interface LogLevels {

  /** Whether {@link #activate} can change the levels. */
  boolean canChange();

  /** The specification in force. */
  LogSpec current();

  /**
   * Puts {@code spec} in force for every logger, at once.
   *
   * @throws IllegalStateException when the logging backend cannot change levels
   */
  void activate(LogSpec spec);
}
