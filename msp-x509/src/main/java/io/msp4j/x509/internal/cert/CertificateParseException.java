package io.msp4j.x509.internal.cert;

/**
 * Bytes that Go's {@code x509.ParseCertificate} would refuse. The message says what is wrong,
 * in the words of Go's error where one exists.
 */
public final class CertificateParseException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CertificateParseException(String message) {
    super(message);
  }

  public CertificateParseException(String message, Throwable cause) {
    super(message, cause);
  }
}
