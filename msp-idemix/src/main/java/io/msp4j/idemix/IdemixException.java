package io.msp4j.idemix;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;

/**
 * An idemix input that msp4j refuses: an issuer public key that does not import, an identity that
 * does not deserialize, an identity proof or a pseudonym signature that does not verify. The
 * {@linkplain #rule() rule} is the spec rule (Appendix G) that decides, and the message says what
 * was wrong and, for msp4j's stricter rules, that Fabric would accept the input.
 */
public final class IdemixException extends MspException {
  private static final long serialVersionUID = 1L;

  IdemixException(Reason reason, String rule, String message) {
    super(reason, rule, message);
  }

  IdemixException(Reason reason, String rule, String message, Throwable cause) {
    super(reason, rule, message, cause);
  }
}
