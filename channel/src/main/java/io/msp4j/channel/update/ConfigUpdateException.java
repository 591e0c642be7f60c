package io.msp4j.channel.update;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;

/**
 * A channel configuration update that the ordering service would reject, or an input that is not
 * a usable update. The rule ID says which step of spec section 11 decided, and the message gives
 * Fabric's reason in msp4j's words, naming the config element (such as {@code value
 * /Channel/Application/Org1/MSP}) or the signature at fault.
 */
public final class ConfigUpdateException extends MspException {
  private static final long serialVersionUID = 1L;

  /** Creates a failure. */
  public ConfigUpdateException(Reason reason, String rule, String message) {
    super(reason, rule, message);
  }

  /** Creates a failure with the exception that revealed it. */
  public ConfigUpdateException(Reason reason, String rule, String message, Throwable cause) {
    super(reason, rule, message, cause);
  }
}
