package io.msp4j.cli.operations;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /metrics}: every meter of the registry in the Prometheus text exposition format
 * (version 0.0.4), as Fabric's Prometheus provider serves it. Other methods: 405.
 */
final class MetricsHandler implements HttpHandler {
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final PrometheusMeterRegistry registry;

  MetricsHandler(PrometheusMeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void handle(HttpExchange ex) throws IOException {
    if (!ex.getRequestMethod().equals("GET")) {
      Exchanges.wrongMethod(ex, "GET", "error");
      return;
    }
    Exchanges.send(ex, 200, CONTENT_TYPE,
        registry.scrape(CONTENT_TYPE).getBytes(StandardCharsets.UTF_8));
  }
}
