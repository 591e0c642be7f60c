package io.msp4j.core;

import java.util.Optional;

/**
 * An identity could not be deserialised, is not valid for its MSP, or its signature does not
 * verify. When a certificate is involved, {@link #certificate()} names it.
 */
public final class IdentityException extends MspException {
  private static final long serialVersionUID = 1L;

  private final CertificateRef certificate;

  public IdentityException(Reason reason, String rule, String message, CertificateRef certificate) {
    this(reason, rule, message, certificate, null);
  }

  public IdentityException(
      Reason reason, String rule, String message, CertificateRef certificate, Throwable cause) {
    super(reason, rule, certificate == null ? message : message + ": " + certificate, cause);
    this.certificate = certificate;
  }

  /** The certificate at fault, when the failure concerns one. */
  public Optional<CertificateRef> certificate() {
    return Optional.ofNullable(certificate);
  }
}
