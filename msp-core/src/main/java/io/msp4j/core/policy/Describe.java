package io.msp4j.core.policy;

import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import java.util.Map;

/** Short descriptions of identities and failures for explanations. */
final class Describe {
  private Describe() {}

  /** MSP ID and certificate subject, or the identifier when the identity has no certificate. */
  static String identity(Identity identity) {
    String msp;
    try {
      msp = identity.mspId();
    } catch (RuntimeException e) {
      msp = "?";
    }
    try {
      return msp + " \"" + identity.certificate().subject() + "\"";
    } catch (RuntimeException e) {
      try {
        return msp + " " + identity.identifier().id();
      } catch (RuntimeException e2) {
        return msp + " (an identity that cannot describe itself)";
      }
    }
  }

  /** The failure as one line: the message with its rule, or the exception's type and message. */
  static String failure(RuntimeException e) {
    if (e instanceof MspException m) {
      return m.detail() + " [" + m.rule() + "]";
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }

  /** Adds {@code reason}, {@code rule} and {@code message} of a failure to explanation details. */
  static void failure(Map<String, Object> details, RuntimeException e) {
    if (e instanceof MspException m) {
      details.put("reason", m.reason().name());
      details.put("rule", m.rule());
      details.put("message", m.detail());
    } else {
      details.put("reason", e.getClass().getSimpleName());
      details.put("message", String.valueOf(e.getMessage()));
    }
  }

  /** {@code text} cut to {@code max} characters with an ellipsis. */
  static String shorten(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 3) + "...";
  }
}
