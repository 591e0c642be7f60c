package io.msp4j.pkcs11.internal;

/** A PKCS#11 function returned something other than CKR_OK. */
public final class CkrException extends Exception {
  private static final long serialVersionUID = 1L;

  private final long rv;
  private final String function;

  CkrException(String function, long rv) {
    super(function + " returned " + ReturnValues.name(rv));
    this.function = function;
    this.rv = rv;
  }

  /** The return value. */
  public long rv() {
    return rv;
  }

  /** The PKCS#11 function that failed. */
  public String function() {
    return function;
  }

  /**
   * Whether the failure means the sessions (or the library's initialisation) are gone, so that
   * opening new sessions may help: the token was removed or reset, or the library finalised.
   */
  public boolean sessionsLost() {
    return ReturnValues.SESSIONS_LOST.contains(rv);
  }
}
