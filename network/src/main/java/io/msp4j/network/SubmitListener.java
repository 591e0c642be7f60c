package io.msp4j.network;

import java.time.Duration;

/**
 * Told when a submission or broadcast of an {@link UpdateSubmitter} reaches its final status, on
 * the submitting thread (a metrics binder counts them). A listener that throws does not change
 * the submission's result (the exception is logged).
 */
public interface SubmitListener {

  /** The status of a submission that a pre-check kept back: nothing was sent. */
  String NOT_SUBMITTED = "NOT_SUBMITTED";
  /** The status of a submission that failed otherwise than with a {@link NetworkException}. */
  String ERROR = "ERROR";

  /**
   * A submission or broadcast ended.
   *
   * @param status the name of the ordering service's final {@code common.Status} ({@code
   *     SUCCESS}, {@code BAD_REQUEST}, {@code FORBIDDEN} ...); {@link #NOT_SUBMITTED}; the
   *     {@link NetworkException.Kind} name when no orderer answered ({@code UNAVAILABLE} ...); or
   *     {@link #ERROR}
   * @param elapsed from the call to the final status
   */
  void finished(String status, Duration elapsed);
}
