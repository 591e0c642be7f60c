package io.msp4j.cli;

/** The exit statuses every {@code msp} command uses. */
final class ExitCodes {
  static final int OK = 0;
  static final int INVALID = 1;
  static final int SETUP_FAILED = 2;
  static final int USAGE = 3;

  private ExitCodes() {}
}
