package io.msp4j.cli;

import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import java.io.PrintWriter;

/**
 * How the commands that load an MSP report a failed setup (exit status 2): an MSP that cannot be
 * set up from its folder, or a channel configuration that cannot be used.
 */
final class SetupFailures {
  private SetupFailures() {}

  /**
   * The exit status of a signing command whose local MSP could not be set up: 1 when the key is
   * not on the PKCS#11 token (the key cannot sign, P11-05), 3 when the {@code --bccsp} file cannot
   * be read, 2 otherwise (a wrong PIN, an unknown label, a missing library: P11-01).
   */
  static int signingStatus(MspSetupException e) {
    if (e.reason() == Reason.SIGNER_KEY_MISSING && e.rule().equals("P11-05")) {
      return ExitCodes.INVALID;
    }
    if (e.reason() == Reason.FILE_UNREADABLE && e.rule().equals("P11-01")) {
      return ExitCodes.USAGE;
    }
    return ExitCodes.SETUP_FAILED;
  }

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
