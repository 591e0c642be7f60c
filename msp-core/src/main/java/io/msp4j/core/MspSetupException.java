package io.msp4j.core;

/**
 * Reading an MSP's configuration or setting the MSP up failed. The message names the file (when
 * read from a folder) or the certificate at fault.
 */
public final class MspSetupException extends MspException {
  private static final long serialVersionUID = 1L;

  public MspSetupException(Reason reason, String rule, String message) {
    super(reason, rule, message);
  }

  public MspSetupException(Reason reason, String rule, String message, Throwable cause) {
    super(reason, rule, message, cause);
  }
}
