package io.msp4j.cli.operations;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Objects;

/**
 * Where the operations server listens, read from {@code HOST:PORT} as Fabric's {@code
 * operations.listenAddress}: {@code 127.0.0.1:9443}, {@code [::1]:9443}, {@code localhost:9443},
 * {@code 0.0.0.0:9443}; an empty host means every interface. Port 0 takes any free port.
 *
 * @param host the host as given (empty for every interface)
 * @param port the port, 0 to 65535
 */
public record ListenAddress(String host, int port) {

  /** Checks the parts. */
  public ListenAddress {
    Objects.requireNonNull(host, "host");
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("port " + port + " is not 0 to 65535");
    }
  }

  /**
   * Reads {@code HOST:PORT}.
   *
   * @throws IllegalArgumentException naming the value and what is wrong with it
   */
  public static ListenAddress parse(String text) {
    Objects.requireNonNull(text, "text");
    int colon = text.lastIndexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException("'" + text + "' is not HOST:PORT (such as 127.0.0.1:9443)");
    }
    String host = text.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    } else if (host.contains(":")) {
      throw new IllegalArgumentException("'" + text + "': write an IPv6 host in brackets, such as [::1]:9443");
    }
    String port = text.substring(colon + 1);
    if (!port.matches("\\d{1,5}") || Integer.parseInt(port) > 65_535) {
      throw new IllegalArgumentException("'" + text + "': the port must be a number from 0 to 65535");
    }
    return new ListenAddress(host, Integer.parseInt(port));
  }

  /**
   * The socket address to bind.
   *
   * @throws UnknownHostException when the host name does not resolve
   */
  public InetSocketAddress resolve() throws UnknownHostException {
    return host.isEmpty() ? new InetSocketAddress(port)
        : new InetSocketAddress(InetAddress.getByName(host), port);
  }

  @Override
  public String toString() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
