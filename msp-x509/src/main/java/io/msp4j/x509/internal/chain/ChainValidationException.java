package io.msp4j.x509.internal.chain;

/** Thrown when the MSP's chain requirement (exactly one acceptable path) is not met. */
public final class ChainValidationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient ChainFailure failure;

  public ChainValidationException(ChainFailure failure) {
    super(failure.message() + " [" + failure.rule() + "]");
    this.failure = failure;
  }

  /** Why. */
  public ChainFailure failure() {
    return failure;
  }
}
