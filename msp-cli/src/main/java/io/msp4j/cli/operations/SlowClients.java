package io.msp4j.cli.operations;

/**
 * The limits the JDK's HTTP server puts on clients, which it reads from system properties once,
 * when the first server is made: a request must arrive within {@value #REQUEST_SECONDS} s (the
 * read timeout of Fabric's operations server) and an answer be taken within {@value
 * #RESPONSE_SECONDS} s (its write timeout), or the connection is closed. A value the process was
 * started with ({@code -Dsun.net.httpserver.maxReqTime=...}) is kept.
 */
final class SlowClients {
  static final long REQUEST_SECONDS = 10;
  static final long RESPONSE_SECONDS = 120;

  private SlowClients() {}

  /** Sets the limits unless set already; before the first server is made. */
  static synchronized void limit() {
    setIfAbsent("sun.net.httpserver.maxReqTime", REQUEST_SECONDS);
    setIfAbsent("sun.net.httpserver.maxRspTime", RESPONSE_SECONDS);
  }

  private static void setIfAbsent(String name, long value) {
    if (System.getProperty(name) == null) {
      System.setProperty(name, Long.toString(value));
    }
  }
}
