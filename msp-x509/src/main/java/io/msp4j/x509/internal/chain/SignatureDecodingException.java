package io.msp4j.x509.internal.chain;

/** ECDSA signature bytes that Fabric's decoder refuses (SIG-DER-01). */
public final class SignatureDecodingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SignatureDecodingException(String message) {
    super(message);
  }

  public SignatureDecodingException(String message, Throwable cause) {
    super(message, cause);
  }
}
