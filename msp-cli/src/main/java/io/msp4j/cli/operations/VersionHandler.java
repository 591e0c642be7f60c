package io.msp4j.cli.operations;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /version}: {@code {"CommitSHA":...,"Version":...}}, the names of Fabric's. Other
 * methods: 405 with {@code {"Error": ...}}, the key Fabric's version handler uses.
 */
final class VersionHandler implements HttpHandler {
  private final VersionInfo version;

  VersionHandler(VersionInfo version) {
    this.version = version;
  }

  @Override
  public void handle(HttpExchange ex) throws IOException {
    if (!ex.getRequestMethod().equals("GET")) {
      Exchanges.wrongMethod(ex, "GET", "Error");
      return;
    }
    Map<String, String> body = new LinkedHashMap<>();
    body.put("CommitSHA", version.commitSha());
    body.put("Version", version.version());
    Exchanges.json(ex, 200, body, false);
  }
}
