package io.msp4j.network;

import java.util.Objects;

/**
 * A gRPC endpoint, {@code HOST:PORT}, as Fabric names orderers and peers ({@code
 * orderer.example.com:7050}, {@code 127.0.0.1:7051}, {@code [::1]:7050}).
 *
 * @param host a host name or IP address (an IPv6 address without brackets)
 * @param port 1..65535
 */
public record Endpoint(String host, int port) {

  /** Checks the parts. */
  public Endpoint {
    Objects.requireNonNull(host, "host");
    if (host.isEmpty()) {
      throw new IllegalArgumentException("an endpoint needs a host");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port " + port + " of " + host + " is not in 1..65535");
    }
  }

  /**
   * Reads {@code HOST:PORT}, with an IPv6 host in brackets.
   *
   * @throws IllegalArgumentException naming the text when it is not of that form
   */
  public static Endpoint parse(String text) {
    Objects.requireNonNull(text, "text");
    String t = text.strip();
    int colon = t.lastIndexOf(':');
    if (colon <= 0 || colon == t.length() - 1) {
      throw new IllegalArgumentException("'" + text + "' is not HOST:PORT");
    }
    String host = t.substring(0, colon);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    } else if (host.indexOf(':') >= 0) {
      throw new IllegalArgumentException("'" + text + "' is not HOST:PORT (an IPv6 host goes in brackets)");
    }
    int port;
    try {
      port = Integer.parseInt(t.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not HOST:PORT: the port is not a number");
    }
    try {
      return new Endpoint(host, port);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + text + "': " + e.getMessage());
    }
  }

  @Override
  public String toString() {
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }
}
