package io.msp4j.cli.operations;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpsExchange;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends each request to the handler of its exact path (404 otherwise, as Go's mux answers), after
 * checking the client certificate where the {@link ClientAuth} asks for one (401 without, as
 * Fabric's {@code RequireCert}). A handler that fails answers 500; nothing escapes to the server.
 */
final class Router implements HttpHandler {
  private static final Logger LOG = LoggerFactory.getLogger(Router.class);

  private final Map<String, HttpHandler> routes;
  private final Optional<ClientAuth> clientAuth;

  Router(Map<String, HttpHandler> routes, Optional<ClientAuth> clientAuth) {
    this.routes = Map.copyOf(routes);
    this.clientAuth = clientAuth;
  }

  @Override
  public void handle(HttpExchange ex) throws IOException {
    try {
      String path = ex.getRequestURI().getRawPath();
      HttpHandler h = routes.get(path);
      if (h == null) {
        Exchanges.text(ex, 404, "404 page not found\n");
        return;
      }
      if (clientAuth.isPresent() && clientAuth.get().covers(path) && !verifiedClient(ex)) {
        Exchanges.empty(ex, 401);
        return;
      }
      h.handle(ex);
    } catch (IOException e) {
      LOG.debug("operations request from {} ended: {}", ex.getRemoteAddress(), e.toString());
      ex.close();
    } catch (RuntimeException e) {
      LOG.warn("operations request {} {} failed", ex.getRequestMethod(), ex.getRequestURI(), e);
      try {
        Exchanges.text(ex, 500, "internal error\n");
      } catch (IOException | RuntimeException ignored) {
        ex.close();
      }
    }
  }

  /** Whether the TLS client presented a certificate that chains to a client CA. */
  private static boolean verifiedClient(HttpExchange ex) {
    if (!(ex instanceof HttpsExchange https)) {
      return false;
    }
    try {
      return https.getSSLSession().getPeerCertificates().length > 0;
    } catch (SSLPeerUnverifiedException e) {
      return false;
    }
  }
}
