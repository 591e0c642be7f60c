package io.msp4j.core;

/**
 * Told of each validation a {@link CachingMsp} answers, so that a host can count them (the
 * {@code msp4j-metrics} module's binder is one). Called on the validating thread, on the hot
 * path: implementations must be cheap (a counter, no allocation, no lock) and must not throw.
 * Without an observer a caching MSP does none of this work.
 */
public interface ValidationObserver {

  /** A validation answered from the cache: the identity was valid when it was first validated. */
  void hit();

  /**
   * A validation the cache could not answer: the wrapped MSP validated the identity.
   *
   * @param nanos how long the wrapped MSP took, by {@link System#nanoTime()}
   * @param valid whether it found the identity valid (an invalid one threw)
   */
  void miss(long nanos, boolean valid);
}
