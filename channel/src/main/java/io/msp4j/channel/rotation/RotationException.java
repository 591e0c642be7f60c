package io.msp4j.channel.rotation;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;

/**
 * A rotation that cannot be planned as asked: an org the channel does not have, a new CA that is
 * not a CA or does not chain to a root in force, a CA to retire that the MSP does not hold, an
 * identity that is not a certificate. The rule is the spec rule the input would break; the
 * message names the certificate (subject, serial, issuer) or file.
 */
public final class RotationException extends MspException {
  private static final long serialVersionUID = 1L;

  /** Creates a failure. */
  public RotationException(String rule, String message) {
    super(Reason.ROTATION_INPUT_INVALID, rule, message);
  }
}
