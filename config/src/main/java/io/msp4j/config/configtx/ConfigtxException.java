package io.msp4j.config.configtx;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;

/**
 * A configtx.yaml could not be read, or an organisation in it could not be turned into its
 * channel config group. The message names the file and line, or the organisation and the
 * policy, at fault.
 */
public final class ConfigtxException extends MspException {
  private static final long serialVersionUID = 1L;

  public ConfigtxException(Reason reason, String rule, String message) {
    super(reason, rule, message);
  }

  public ConfigtxException(Reason reason, String rule, String message, Throwable cause) {
    super(reason, rule, message, cause);
  }
}
