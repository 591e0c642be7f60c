package io.msp4j.cli.operations;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /healthz}, with the shape of Fabric's: 200 {@code {"status":"OK","time":...}} when
 * every check passes, 503 {@code {"status":"Service Unavailable","time":...,"failed_checks":
 * [{"component":...,"reason":...}]}} when one fails. Warnings, which Fabric's body has no place
 * for, come in {@code "warnings"} (same shape) and leave the status at 200. Checks are listed by
 * component name. Other methods: 405.
 */
final class HealthHandler implements HttpHandler {
  private final List<HealthCheck> checks;
  private final Clock clock;

  HealthHandler(List<HealthCheck> checks, Clock clock) {
    List<HealthCheck> sorted = new ArrayList<>(checks);
    sorted.sort(Comparator.comparing(HealthCheck::component));
    this.checks = List.copyOf(sorted);
    this.clock = clock;
  }

  @Override
  public void handle(HttpExchange ex) throws IOException {
    if (!ex.getRequestMethod().equals("GET")) {
      Exchanges.wrongMethod(ex, "GET", "error");
      return;
    }
    Instant now = clock.instant();
    List<Map<String, String>> failed = new ArrayList<>();
    List<Map<String, String>> warnings = new ArrayList<>();
    for (HealthCheck c : checks) {
      HealthStatus s;
      try {
        s = c.check(now);
      } catch (RuntimeException e) {
        s = HealthStatus.failed("the check itself failed: " + e);
      }
      switch (s.kind()) {
        case FAILED -> failed.add(entry(c.component(), s.reason()));
        case WARNING -> warnings.add(entry(c.component(), s.reason()));
        default -> { }
      }
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", failed.isEmpty() ? "OK" : "Service Unavailable");
    body.put("time", now.toString());
    if (!failed.isEmpty()) {
      body.put("failed_checks", failed);
    }
    if (!warnings.isEmpty()) {
      body.put("warnings", warnings);
    }
    Exchanges.json(ex, failed.isEmpty() ? 200 : 503, body, false);
  }

  private static Map<String, String> entry(String component, String reason) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("component", component);
    m.put("reason", reason);
    return m;
  }
}
