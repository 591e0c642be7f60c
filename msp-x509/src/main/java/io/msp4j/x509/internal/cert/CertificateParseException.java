package io.msp4j.x509.internal.cert;

import java.util.Optional;

/**
 * Bytes that Go's {@code x509.ParseCertificate} would refuse. The message says what is wrong,
 * in the words of Go's error where one exists. A refusal that only some Go releases make carries
 * the spec rule of that release difference (Appendix F, {@code REL-X509-*}); the others carry none
 * and are the caller's parse rule (SETUP-PARSE-01).
 */
public final class CertificateParseException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String rule;

  public CertificateParseException(String message) {
    this(message, (String) null);
  }

  public CertificateParseException(String message, Throwable cause) {
    super(message, cause);
    this.rule = null;
  }

  /** A refusal of the Go releases that follow release-difference rule {@code rule}. */
  public CertificateParseException(String message, String rule) {
    super(message);
    this.rule = rule;
  }

  /** The release-difference rule (REL-X509-*) of this refusal, when only some releases make it. */
  public Optional<String> rule() {
    return Optional.ofNullable(rule);
  }
}
