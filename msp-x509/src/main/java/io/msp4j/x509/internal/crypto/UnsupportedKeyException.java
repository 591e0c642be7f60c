package io.msp4j.x509.internal.crypto;

/** A key a {@link CryptoProvider} cannot prepare for signing or verification (RSA, DSA, ...). */
public final class UnsupportedKeyException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public UnsupportedKeyException(String message) {
    super(message);
  }

  public UnsupportedKeyException(String message, Throwable cause) {
    super(message, cause);
  }
}
