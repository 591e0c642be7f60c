package io.msp4j.cli.operations;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.sun.net.httpserver.HttpExchange;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Writing answers and reading bounded request bodies, for the operations handlers. */
final class Exchanges {
  private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

  private Exchanges() {}

  /** A body larger than the limit. */
  static final class TooLarge extends Exception {
    private static final long serialVersionUID = 1L;

    TooLarge(long limit) {
      super("the request body is larger than " + limit + " bytes");
    }
  }

  /** The request body, refused when it is larger than {@code limit} bytes. */
  static byte[] body(HttpExchange ex, int limit) throws IOException, TooLarge {
    String length = ex.getRequestHeaders().getFirst("Content-Length");
    if (length != null) {
      try {
        if (Long.parseLong(length.strip()) > limit) {
          throw new TooLarge(limit);
        }
      } catch (NumberFormatException e) {
        throw new IOException("bad Content-Length: " + length);
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[1024];
    try (InputStream in = ex.getRequestBody()) {
      for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
        out.write(buf, 0, n);
        if (out.size() > limit) {
          throw new TooLarge(limit);
        }
      }
    }
    return out.toByteArray();
  }

  /** A JSON answer; {@code newline} ends it with one, as Go's {@code json.Encoder} does. */
  static void json(HttpExchange ex, int status, Object body, boolean newline) throws IOException {
    String text = GSON.toJson(body) + (newline ? "\n" : "");
    send(ex, status, "application/json", text.getBytes(StandardCharsets.UTF_8));
  }

  /** A plain-text answer. */
  static void text(HttpExchange ex, int status, String body) throws IOException {
    send(ex, status, "text/plain; charset=utf-8", body.getBytes(StandardCharsets.UTF_8));
  }

  /** An answer with no body. */
  static void empty(HttpExchange ex, int status) throws IOException {
    ex.sendResponseHeaders(status, -1);
    ex.close();
  }

  /** 405 with the methods the path allows, and a JSON error under {@code key}. */
  static void wrongMethod(HttpExchange ex, String allowed, String key) throws IOException {
    ex.getResponseHeaders().set("Allow", allowed);
    json(ex, 405, Map.of(key, "invalid request method: " + ex.getRequestMethod()), true);
  }

  static void send(HttpExchange ex, int status, String contentType, byte[] body) throws IOException {
    ex.getResponseHeaders().set("Content-Type", contentType);
    ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
    ex.close();
  }

  /** Gson, for handlers that read JSON. */
  static Gson gson() {
    return GSON;
  }
}
