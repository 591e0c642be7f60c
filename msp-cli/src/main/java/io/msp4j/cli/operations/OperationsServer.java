package io.msp4j.cli.operations;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLParameters;

/**
 * The operations endpoint of a long-running {@code msp} command, serving what a Fabric peer's or
 * orderer's operations service serves, with the same shapes: {@code /healthz}, {@code /metrics},
 * {@code /version}, {@code /logspec}. On the JDK's HTTP server, on threads of its own: nothing a
 * client sends reaches the follower or watcher, which only the health checks and meters read.
 *
 * <pre>{@code
 * OperationsServer server = OperationsServer.builder(ListenAddress.parse("127.0.0.1:9443"))
 *     .binder(Msp4jMetrics.follower(follower))   // one line per MeterBinder
 *     .check(new SourceCheck(events, limit))  // one line per health check
 *     .logLevels(CommandLogging.process())
 *     .start();
 * }</pre>
 *
 * <p>Plain HTTP is refused on an address that is not loopback unless {@link Builder#insecure}.
 * Request bodies over {@value #MAX_BODY_BYTES} bytes get 413; slow clients are cut off (see
 * {@link SlowClients}); unknown paths 404, other methods 405.
 */
public final class OperationsServer implements AutoCloseable {
  /** The largest request body read (a {@code /logspec} body is a few hundred bytes). */
  public static final int MAX_BODY_BYTES = 8 * 1024;
  private static final int THREADS = 2;

  private final HttpServer server;
  private final ExecutorService executor;
  private final PrometheusMeterRegistry registry;
  private final List<MeterBinder> binders;
  private final boolean tls;

  private OperationsServer(HttpServer server, ExecutorService executor,
      PrometheusMeterRegistry registry, List<MeterBinder> binders, boolean tls) {
    this.server = server;
    this.executor = executor;
    this.registry = registry;
    this.binders = binders;
    this.tls = tls;
  }

  /** A builder of a server that will listen on {@code listen}. */
  public static Builder builder(ListenAddress listen) {
    return new Builder(listen);
  }

  /** The address bound (with the port chosen, when port 0 was asked for). */
  public InetSocketAddress address() {
    return server.getAddress();
  }

  /** The base URL, such as {@code https://127.0.0.1:9443}. */
  public String url() {
    InetSocketAddress a = address();
    String host = a.getAddress().getHostAddress();
    return (tls ? "https" : "http") + "://" + (host.contains(":") ? "[" + host + "]" : host)
        + ":" + a.getPort();
  }

  /** The registry {@code /metrics} serves. */
  public PrometheusMeterRegistry registry() {
    return registry;
  }

  /** Stops listening, ends the server's threads and closes the binders that hold resources. */
  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
    for (MeterBinder b : binders) {
      if (b instanceof AutoCloseable c) {
        try {
          c.close();
        } catch (Exception e) {
          // nothing to do at shutdown
        }
      }
    }
    registry.close();
  }

  @Override
  public String toString() {
    return "OperationsServer{" + url() + "}";
  }

  /** Builds and starts an {@link OperationsServer}. */
  public static final class Builder {
    private final ListenAddress listen;
    private Optional<OperationsTls> tls = Optional.empty();
    private boolean insecure;
    private final List<MeterBinder> binders = new ArrayList<>();
    private final List<HealthCheck> checks = new ArrayList<>();
    private LogLevels logLevels = CommandLogging.process();
    private VersionInfo version = VersionInfo.ofCommand();
    private Clock clock = Clock.systemUTC();

    private Builder(ListenAddress listen) {
      this.listen = Objects.requireNonNull(listen, "listen");
    }

    /** Serves over TLS. */
    public Builder tls(OperationsTls t) {
      this.tls = Optional.of(t);
      return this;
    }

    /** Allows plain HTTP on an address that is not loopback. */
    public Builder insecure(boolean on) {
      this.insecure = on;
      return this;
    }

    /** Binds these meters to the registry {@code /metrics} serves, when the server starts. */
    public Builder binder(MeterBinder b) {
      binders.add(Objects.requireNonNull(b, "binder"));
      return this;
    }

    /** As {@link #binder} for each. */
    public Builder binders(List<? extends MeterBinder> bs) {
      bs.forEach(this::binder);
      return this;
    }

    /** Adds a check {@code /healthz} runs; component names must differ. */
    public Builder check(HealthCheck c) {
      Objects.requireNonNull(c, "check");
      for (HealthCheck other : checks) {
        if (other.component().equals(c.component())) {
          throw new IllegalArgumentException("'" + c.component() + "' is already registered");
        }
      }
      checks.add(c);
      return this;
    }

    /** The levels {@code /logspec} reads and sets (default: the process's logback). */
    public Builder logLevels(LogLevels l) {
      this.logLevels = Objects.requireNonNull(l, "logLevels");
      return this;
    }

    /** What {@code /version} answers (default: the command's). */
    public Builder version(VersionInfo v) {
      this.version = Objects.requireNonNull(v, "version");
      return this;
    }

    /** The clock of {@code /healthz} (default: the system clock, UTC). */
    public Builder clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    /**
     * Binds the address and starts serving.
     *
     * @throws OperationsStartException when the address is in use, cannot be bound or does not
     *     resolve, or plain HTTP was asked for on an address that is not loopback
     */
    public OperationsServer start() throws OperationsStartException {
      InetSocketAddress address;
      try {
        address = listen.resolve();
      } catch (UnknownHostException e) {
        throw new OperationsStartException("the host of " + listen + " does not resolve", e);
      }
      if (tls.isEmpty() && !insecure && !address.getAddress().isLoopbackAddress()) {
        throw new OperationsStartException(listen + " is not a loopback address: give TLS"
            + " (--operations-tls-cert and --operations-tls-key), listen on 127.0.0.1 or [::1],"
            + " or allow plain HTTP with --operations-insecure");
      }
      SlowClients.limit();
      HttpServer server;
      try {
        if (tls.isPresent()) {
          HttpsServer https = HttpsServer.create(address, 16);
          https.setHttpsConfigurator(configurator(tls.get()));
          server = https;
        } else {
          server = HttpServer.create(address, 16);
        }
      } catch (BindException e) {
        throw new OperationsStartException("cannot listen on " + listen + ": "
            + (e.getMessage() != null && e.getMessage().contains("in use")
                ? "the address is in use" : e.getMessage()), e);
      } catch (IOException e) {
        throw new OperationsStartException("cannot listen on " + listen + ": " + e.getMessage(), e);
      }
      PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
      List<MeterBinder> bound = List.copyOf(binders);
      bound.forEach(b -> b.bindTo(registry));
      Map<String, HttpHandler> routes = new LinkedHashMap<>();
      routes.put("/healthz", new HealthHandler(checks, clock));
      routes.put("/metrics", new MetricsHandler(registry));
      routes.put("/version", new VersionHandler(version));
      routes.put("/logspec", new LogSpecHandler(logLevels, MAX_BODY_BYTES));
      server.createContext("/", new Router(routes, tls.flatMap(OperationsTls::clientAuth)));
      ExecutorService executor = Executors.newFixedThreadPool(THREADS, new Daemons());
      server.setExecutor(executor);
      server.start();
      return new OperationsServer(server, executor, registry, bound, tls.isPresent());
    }

    private static HttpsConfigurator configurator(OperationsTls t) {
      return new HttpsConfigurator(t.context()) {
        @Override
        public void configure(HttpsParameters params) {
          SSLParameters p = getSSLContext().getDefaultSSLParameters();
          p.setProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
          t.clientAuth().ifPresent(scope -> {
            if (scope == ClientAuth.ALL) {
              p.setNeedClientAuth(true);
            } else {
              p.setWantClientAuth(true);
            }
          });
          params.setSSLParameters(p);
        }
      };
    }
  }

  /** The server's threads: daemons, so that they never keep the command running. */
  private static final class Daemons implements ThreadFactory {
    private final AtomicInteger n = new AtomicInteger();

    @Override
    public Thread newThread(Runnable r) {
      Thread t = new Thread(r, "msp-operations-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    }
  }
}
