package io.msp4j.cli.operations;

/**
 * Which paths need a client certificate that chains to the client CAs, when TLS is on and client
 * CAs are given ({@code --operations-tls-client-auth}).
 */
public enum ClientAuth {
  /** Every path, checked in the TLS handshake (Fabric's {@code clientAuthRequired: true}). */
  ALL,
  /**
   * {@code /metrics} and {@code /logspec} only, as Fabric's operations service when TLS is on and
   * {@code clientAuthRequired} is false; {@code /healthz} and {@code /version} stay open.
   */
  METRICS_LOGSPEC,
  /** {@code /logspec} only: the path that changes something. */
  LOGSPEC;

  /** Whether a request for {@code path} needs a verified client certificate. */
  boolean covers(String path) {
    return switch (this) {
      case ALL -> true;
      case METRICS_LOGSPEC -> path.equals("/metrics") || path.equals("/logspec");
      case LOGSPEC -> path.equals("/logspec");
    };
  }
}
