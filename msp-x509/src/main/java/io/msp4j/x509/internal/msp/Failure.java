package io.msp4j.x509.internal.msp;

import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.ParsedCertificate;

/**
 * A failed step inside the MSP, with its reason and rule; the caller turns it into a setup error
 * or an identity error, adding what it knows (the file, the certificate).
 */
final class Failure extends Exception {
  private static final long serialVersionUID = 1L;

  private final Reason reason;
  private final String rule;

  Failure(Reason reason, String rule, String message) {
    super(message, null, false, false);
    this.reason = reason;
    this.rule = rule;
  }

  Reason reason() {
    return reason;
  }

  String rule() {
    return rule;
  }

  IdentityException toIdentityException(ParsedCertificate cert) {
    return new IdentityException(reason, rule, getMessage(), cert == null ? null : cert.ref());
  }

  /** A setup error about the named configuration entry, such as {@code root_certs[1]}. */
  MspSetupException toSetupException(String entry, ParsedCertificate cert) {
    String what = cert == null ? entry : entry + " (" + cert.describe() + ")";
    return new MspSetupException(reason, rule, what + ": " + getMessage());
  }
}
