package io.msp4j.cli.operations;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;

/** A test's HTTP client: one request, its status, body and headers. */
final class Http {
  private Http() {}

  record Answer(int status, String body, String contentType, String allow) {}

  static Answer get(String url) throws IOException {
    return request("GET", url, null, null);
  }

  static Answer request(String method, String url, String body, SSLContext tls) throws IOException {
    HttpURLConnection c = (HttpURLConnection) new URL(url).openConnection();
    if (c instanceof HttpsURLConnection https) {
      https.setSSLSocketFactory(tls.getSocketFactory());
      https.setHostnameVerifier((host, session) -> true); // the test's certificates name no host
    }
    c.setRequestMethod(method);
    c.setConnectTimeout(5000);
    c.setReadTimeout(10_000);
    if (body != null) {
      c.setDoOutput(true);
      try (OutputStream out = c.getOutputStream()) {
        out.write(body.getBytes(StandardCharsets.UTF_8));
      }
    }
    int status = c.getResponseCode();
    InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
    String text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    return new Answer(status, text, c.getContentType(), c.getHeaderField("Allow"));
  }
}
