package io.msp4j.cli;

import io.msp4j.cli.operations.ClientAuth;
import io.msp4j.cli.operations.ExpiryCheck;
import io.msp4j.cli.operations.JvmMeters;
import io.msp4j.cli.operations.ListenAddress;
import io.msp4j.cli.operations.OperationsServer;
import io.msp4j.cli.operations.OperationsStartException;
import io.msp4j.cli.operations.OperationsTls;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The operations endpoint options of the commands that run until stopped ({@code channel
 * follow}, {@code watch}), as Fabric's {@code operations} section: where to listen, TLS, which
 * paths need a client certificate, and the expiry window of the health check.
 */
final class OperationsOptions {
  private static final long MAX_PEM_BYTES = 1 << 20;

  @Option(names = "--operations-listen", paramLabel = "HOST:PORT",
      description = "Serve /healthz, /metrics (Prometheus), /version and /logspec here, as a Fabric node's operations service (e.g. 127.0.0.1:9443; plain HTTP only on loopback unless --operations-insecure).")
  String listen;

  @Option(names = "--operations-tls-cert", paramLabel = "FILE",
      description = "The operations endpoint's TLS certificate (PEM, intermediates after it); with --operations-tls-key.")
  Path tlsCert;

  @Option(names = "--operations-tls-key", paramLabel = "FILE",
      description = "Its private key (PEM: PKCS#8, SEC 1 or PKCS#1).")
  Path tlsKey;

  @Option(names = "--operations-tls-client-ca", paramLabel = "FILE",
      description = "CA certificates (PEM) client certificates must chain to; repeatable. Makes client certificates required (see --operations-tls-client-auth).")
  List<Path> clientCas = new ArrayList<>();

  @Option(names = "--operations-tls-client-auth", paramLabel = "PATHS", defaultValue = "all",
      converter = ClientAuthConverter.class,
      description = "With --operations-tls-client-ca, the paths that need a client certificate: all (default, checked in the TLS handshake, as Fabric's clientAuthRequired), metrics-logspec (as Fabric without clientAuthRequired), or logspec.")
  ClientAuth clientAuth;

  @Option(names = "--operations-insecure",
      description = "Allow plain HTTP on an address that is not loopback (anyone who reaches it can change the log levels).")
  boolean insecure;

  @Option(names = "--health-expiry-window", paramLabel = "DURATION", defaultValue = "30d",
      converter = DurationConverter.class,
      description = "/healthz warns while an MSP certificate expires within this window (default 30d) and fails once one has expired.")
  Duration expiryWindow;

  /** Whether an endpoint was asked for. */
  boolean enabled() {
    return listen != null;
  }

  /** Options that do not go together, as a sentence; empty when they do. */
  Optional<String> problem() {
    if (!enabled() && (tlsCert != null || tlsKey != null || !clientCas.isEmpty() || insecure)) {
      return Optional.of("the --operations-* options go with --operations-listen");
    }
    if ((tlsCert == null) != (tlsKey == null)) {
      return Optional.of("--operations-tls-cert and --operations-tls-key go together");
    }
    if (!clientCas.isEmpty() && tlsCert == null) {
      return Optional.of("--operations-tls-client-ca needs TLS (--operations-tls-cert and --operations-tls-key)");
    }
    if (enabled()) {
      try {
        ListenAddress.parse(listen);
      } catch (IllegalArgumentException e) {
        return Optional.of("--operations-listen " + e.getMessage());
      }
    }
    return Optional.empty();
  }

  /** The expiry check of the window given. */
  ExpiryCheck expiryCheck() {
    return new ExpiryCheck(expiryWindow);
  }

  /**
   * A builder of the server these options ask for, with the JVM and process meters.
   *
   * @throws IOException when a TLS file cannot be read
   * @throws OperationsStartException when a TLS file cannot be used
   */
  OperationsServer.Builder builder() throws IOException, OperationsStartException {
    OperationsServer.Builder b = OperationsServer.builder(ListenAddress.parse(listen))
        .insecure(insecure)
        .binders(JvmMeters.binders());
    if (tlsCert != null) {
      List<byte[]> cas = new ArrayList<>();
      for (Path ca : clientCas) {
        cas.add(read(ca));
      }
      b.tls(OperationsTls.of(read(tlsCert), read(tlsKey), cas, clientAuth));
    }
    return b;
  }

  private static byte[] read(Path file) throws IOException {
    return InputFiles.bounded(file, "the PEM file", MAX_PEM_BYTES);
  }

  /** Reads {@code all}, {@code metrics-logspec} or {@code logspec}. */
  static final class ClientAuthConverter implements CommandLine.ITypeConverter<ClientAuth> {
    @Override
    public ClientAuth convert(String value) {
      return switch (value.strip().toLowerCase(Locale.ROOT)) {
        case "all" -> ClientAuth.ALL;
        case "metrics-logspec" -> ClientAuth.METRICS_LOGSPEC;
        case "logspec" -> ClientAuth.LOGSPEC;
        default -> throw new CommandLine.TypeConversionException(
            "'" + value + "' is not all, metrics-logspec or logspec");
      };
    }
  }
}
