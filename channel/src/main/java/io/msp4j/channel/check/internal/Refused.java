package io.msp4j.channel.check.internal;

import io.msp4j.channel.check.Refusal;
import io.msp4j.core.Reason;

/** Ends a check at its first failure, carrying the refusal. */
final class Refused extends Exception {
  private static final long serialVersionUID = 1L;

  private final transient Refusal refusal;

  Refused(String check, Reason reason, String message) {
    this(new Refusal(check, reason, check, message));
  }

  Refused(Refusal refusal) {
    super(refusal.message(), null, false, false);
    this.refusal = refusal;
  }

  Refusal refusal() {
    return refusal;
  }
}
