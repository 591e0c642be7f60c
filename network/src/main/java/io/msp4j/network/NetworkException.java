package io.msp4j.network;

import java.util.Objects;

/**
 * A failure to talk to the network: an endpoint that cannot be reached, a TLS handshake that
 * fails, or an answer that refuses the request (FORBIDDEN, NOT_FOUND, ...). What the network
 * sent that msp4j refuses (a block that does not verify) is a {@link BlockRefusedException}
 * instead.
 */
public final class NetworkException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What went wrong, coarse enough for a caller to decide whether to try again. */
  public enum Kind {
    /** No connection could be made (refused, timed out, name not resolved); worth retrying. */
    UNREACHABLE(true),
    /** The connection broke, or the service said SERVICE_UNAVAILABLE; worth retrying. */
    UNAVAILABLE(true),
    /**
     * The block source withheld blocks that other orderers' signed headers show were cut
     * (DELIVER-BFT-03); another source may serve them.
     */
    CENSORED(true),
    /** The TLS handshake failed: the server's certificate is not trusted, or ours is refused. */
    TLS(false),
    /** The service refused the request's signer (status FORBIDDEN). */
    FORBIDDEN(false),
    /** The service does not know the channel (status NOT_FOUND). */
    NOT_FOUND(false),
    /** The service found the request malformed (status BAD_REQUEST), or answered another status. */
    REFUSED(false),
    /** The given material cannot be used (unreadable PEM, a key that does not match). */
    CONFIGURATION(false);

    private final boolean transientFailure;

    Kind(boolean transientFailure) {
      this.transientFailure = transientFailure;
    }

    /** Whether the same request may succeed later, at this endpoint or another. */
    public boolean isTransient() {
      return transientFailure;
    }
  }

  private final Kind kind;
  private final String endpoint;

  /**
   * A failure of this kind.
   *
   * @param endpoint the endpoint concerned, or empty when none is
   */
  public NetworkException(Kind kind, String endpoint, String message, Throwable cause) {
    super(message, cause);
    this.kind = Objects.requireNonNull(kind, "kind");
    this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
  }

  /** What went wrong. */
  public Kind kind() {
    return kind;
  }

  /** The endpoint concerned ({@code HOST:PORT}), or empty. */
  public String endpoint() {
    return endpoint;
  }
}
