package io.msp4j.cli;

import io.msp4j.core.MspSetupException;
import java.io.PrintWriter;

/** How the commands that load an MSP report a failed setup (exit status 2). */
final class SetupFailures {
  private SetupFailures() {}

  /** One JSON line on standard output with {@code --json}, else a sentence on standard error. */
  static void report(MspSetupException e, boolean json, PrintWriter out, PrintWriter err) {
    if (json) {
      out.println(Json.write(IdentityVerdicts.setupError(e)));
      out.flush();
    } else {
      err.println("MSP setup failed [" + e.rule() + "] " + e.detail());
      err.flush();
    }
  }
}
