package io.msp4j.cli.operations;

/**
 * The operations server could not start: the address is in use or cannot be bound, or a TLS
 * file cannot be used. The message says which, for the operator.
 */
public final class OperationsStartException extends Exception {
  private static final long serialVersionUID = 1L;

  /** A failure with its message and cause. */
  public OperationsStartException(String message, Throwable cause) {
    super(message, cause);
  }

  /** A failure with its message. */
  public OperationsStartException(String message) {
    super(message);
  }
}
