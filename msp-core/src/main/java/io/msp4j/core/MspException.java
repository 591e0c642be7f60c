package io.msp4j.core;

import java.util.Objects;

/**
 * The base of every msp4j failure. Each carries a machine-readable {@link Reason} and the ID of
 * the spec rule that produced it (such as {@code VALIDATE-CRL-02}); the message is written for
 * the operator and names the certificate or file at fault.
 */
public class MspException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Reason reason;
  private final String rule;

  /** Creates a failure; the message should say what and where, without the rule ID. */
  public MspException(Reason reason, String rule, String message) {
    this(reason, rule, message, null);
  }

  /** Creates a failure with an underlying cause. */
  public MspException(Reason reason, String rule, String message, Throwable cause) {
    super(message + " [" + rule + "]", cause);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.rule = Objects.requireNonNull(rule, "rule");
  }

  /** The machine-readable reason. */
  public Reason reason() {
    return reason;
  }

  /** The spec rule ID, such as {@code SETUP-CA-01}. */
  public String rule() {
    return rule;
  }

  /** The message without the trailing rule ID. */
  public String detail() {
    String m = getMessage();
    String suffix = " [" + rule + "]";
    return m.endsWith(suffix) ? m.substring(0, m.length() - suffix.length()) : m;
  }
}
