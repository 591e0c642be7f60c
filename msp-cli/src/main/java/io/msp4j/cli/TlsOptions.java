package io.msp4j.cli;

import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.Endpoint;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The TLS options of the commands that talk to a network, as Fabric's clients take them. */
final class TlsOptions {
  /** PEM files are small; a larger one is not a certificate file. */
  private static final long MAX_PEM_BYTES = 1 << 20;

  @Option(names = "--tls-ca", required = true, arity = "1..*", paramLabel = "FILE",
      description = "TLS root CA certificates (PEM) the server's certificate must chain to; repeatable.")
  List<Path> tlsCas = new ArrayList<>();

  @Option(names = "--tls-cert", paramLabel = "FILE",
      description = "Client certificate (PEM) for mutual TLS; with --tls-key.")
  Path tlsCert;

  @Option(names = "--tls-key", paramLabel = "FILE",
      description = "Client key (PEM, PKCS#8 or SEC 1) for mutual TLS; with --tls-cert.")
  Path tlsKey;

  @Option(names = "--server-name", paramLabel = "NAME",
      description = "The name the server's certificate must carry, when it is not the endpoint's host.")
  String serverName;

  /** Whether the client certificate and key are given together or not at all. */
  boolean clientPairComplete() {
    return (tlsCert == null) == (tlsKey == null);
  }

  /**
   * The connection options for these endpoints.
   *
   * @throws IOException when a file cannot be read
   * @throws io.msp4j.network.NetworkException when a file's PEM cannot be used
   */
  ConnectionOptions connection(List<Endpoint> endpoints) throws IOException {
    ConnectionOptions.Builder b = ConnectionOptions.builder();
    endpoints.forEach(b::endpoint);
    for (Path ca : tlsCas) {
      b.tlsRootCert(ca.toString(), read(ca));
    }
    if (tlsCert != null) {
      b.clientCertificate(tlsCert.toString(), read(tlsCert), tlsKey.toString(), read(tlsKey));
    }
    if (serverName != null) {
      b.serverName(serverName);
    }
    return b.build();
  }

  private static byte[] read(Path file) throws IOException {
    return InputFiles.bounded(file, "the PEM file", MAX_PEM_BYTES);
  }
}
