package io.msp4j.cli;

import io.msp4j.core.MspException;
import java.io.PrintWriter;

/**
 * How the commands that load an MSP report a failed setup (exit status 2): an MSP that cannot be
 * set up from its folder, or a channel configuration that cannot be used.
 */
final class SetupFailures {
  private SetupFailures() {}

  /** One JSON line on standard output with {@code --json}, else a sentence on standard error. */
  static void report(MspException e, boolean json, PrintWriter out, PrintWriter err) {
    report(e, "MSP setup failed", json, out, err);
  }

  /** As {@link #report(MspException, boolean, PrintWriter, PrintWriter)} with another heading. */
  static void report(MspException e, String heading, boolean json, PrintWriter out, PrintWriter err) {
    if (json) {
      out.println(Json.write(IdentityVerdicts.setupError(e)));
      out.flush();
    } else {
      err.println(heading + " [" + e.rule() + "] " + e.detail());
      err.flush();
    }
  }
}
