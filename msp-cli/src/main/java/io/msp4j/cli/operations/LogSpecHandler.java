package io.msp4j.cli.operations;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /logspec}: 200 {@code {"spec":"..."}}, the specification in force, normalised.
 * {@code PUT /logspec} with {@code {"spec":"..."}}: 204 once it is in force; 400 {@code
 * {"error":...}} for a body that is not that JSON object or a specification Fabric's grammar
 * refuses, and the levels in force stay; 413 for a body over the limit. These are the shapes of
 * Fabric's {@code httpadmin} handler, whose error key is lower-case. Other methods: 405.
 */
final class LogSpecHandler implements HttpHandler {
  private static final Logger LOG = LoggerFactory.getLogger(LogSpecHandler.class);

  private final LogLevels levels;
  private final int maxBody;

  LogSpecHandler(LogLevels levels, int maxBody) {
    this.levels = levels;
    this.maxBody = maxBody;
  }

  @Override
  public void handle(HttpExchange ex) throws IOException {
    switch (ex.getRequestMethod()) {
      case "GET" -> Exchanges.json(ex, 200, Map.of("spec", levels.current().text()), true);
      case "PUT" -> put(ex);
      default -> Exchanges.wrongMethod(ex, "GET, PUT", "error");
    }
  }

  private void put(HttpExchange ex) throws IOException {
    byte[] body;
    try {
      body = Exchanges.body(ex, maxBody);
    } catch (Exchanges.TooLarge e) {
      Exchanges.json(ex, 413, Map.of("error", e.getMessage()), true);
      return;
    }
    LogSpec spec;
    try {
      spec = LogSpec.parse(specOf(new String(body, StandardCharsets.UTF_8)));
    } catch (IllegalArgumentException e) {
      Exchanges.json(ex, 400, Map.of("error", e.getMessage()), true);
      return;
    }
    if (!levels.canChange()) {
      Exchanges.json(ex, 400, Map.of("error", "the logging backend cannot change levels"), true);
      return;
    }
    LogSpec before = levels.current();
    levels.activate(spec);
    LOG.info("logging specification changed from {} to {} by {}", before, spec,
        ex.getRemoteAddress());
    Exchanges.empty(ex, 204);
  }

  /** The {@code spec} of a {@code {"spec": "..."}} body; a missing one is the empty spec, as Go reads it. */
  private static String specOf(String body) {
    JsonElement e;
    try {
      e = JsonParser.parseString(body);
    } catch (JsonParseException | IllegalStateException x) {
      throw new IllegalArgumentException("the body is not JSON: " + x.getMessage());
    }
    if (!(e instanceof JsonObject o)) {
      throw new IllegalArgumentException("the body is not a JSON object {\"spec\": \"...\"}");
    }
    JsonElement spec = o.get("spec");
    if (spec == null || spec.isJsonNull()) {
      return "";
    }
    if (!spec.isJsonPrimitive() || !spec.getAsJsonPrimitive().isString()) {
      throw new IllegalArgumentException("\"spec\" is not a string");
    }
    return spec.getAsString();
  }
}
