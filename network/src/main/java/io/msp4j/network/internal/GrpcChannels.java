package io.msp4j.network.internal;

import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.ChannelOption;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.Endpoint;
import io.msp4j.network.NetworkException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;

/** Opens gRPC channels as {@link ConnectionOptions} say, and names what went wrong on them. */
public final class GrpcChannels {
  /** How often a wait for a connection looks whether it was called off. */
  private static final long STATE_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private GrpcChannels() {}

  /** A channel to one endpoint; it connects lazily, on the first call. */
  public static ManagedChannel open(Endpoint endpoint, ConnectionOptions o) {
    NettyChannelBuilder b = NettyChannelBuilder.forAddress(endpoint.host(), endpoint.port())
        .maxInboundMessageSize(o.maxMessageBytes())
        .keepAliveTime(o.keepaliveTime().toMillis(), TimeUnit.MILLISECONDS)
        .keepAliveTimeout(o.keepaliveTimeout().toMillis(), TimeUnit.MILLISECONDS)
        .keepAliveWithoutCalls(true)
        .withOption(ChannelOption.CONNECT_TIMEOUT_MILLIS,
            (int) Math.min(Integer.MAX_VALUE, o.connectTimeout().toMillis()));
    if (o.plaintext()) {
      b.usePlaintext();
    } else {
      b.sslContext(sslContext(o));
      o.serverName().ifPresent(b::overrideAuthority);
    }
    return b.build();
  }

  /**
   * Waits until the channel is connected, has failed to connect, {@code timeout} has passed or
   * {@code closed} is open; whether it is connected.
   */
  public static boolean awaitReady(ManagedChannel grpc, Duration timeout, CountDownLatch closed)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    ConnectivityState state = grpc.getState(true);
    while (state != ConnectivityState.READY && state != ConnectivityState.TRANSIENT_FAILURE
        && state != ConnectivityState.SHUTDOWN && closed.getCount() > 0) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      CountDownLatch changed = new CountDownLatch(1);
      grpc.notifyWhenStateChanged(state, changed::countDown);
      changed.await(Math.min(left, STATE_POLL_NANOS), TimeUnit.NANOSECONDS);
      state = grpc.getState(false);
    }
    return state == ConnectivityState.READY;
  }

  private static SslContext sslContext(ConnectionOptions o) {
    try {
      SslContextBuilder s = GrpcSslContexts.forClient()
          .trustManager(o.tlsRoots().toArray(X509Certificate[]::new));
      if (o.clientCertificate().isPresent()) {
        s.keyManager(o.clientKey().orElseThrow(), o.clientCertificate().get());
      }
      return s.build();
    } catch (SSLException e) {
      throw new NetworkException(NetworkException.Kind.CONFIGURATION, "",
          "the TLS settings cannot be used: " + e.getMessage(), e);
    }
  }

  /**
   * What a failed call means: a TLS failure, a refusal by the server, an endpoint that could not
   * be reached (nothing was received on the call), or a connection that broke after it had
   * answered.
   */
  public static NetworkException classify(Endpoint endpoint, Throwable t, boolean answered) {
    Status status = Status.fromThrowable(t);
    String where = endpoint.toString();
    if (handshakeTimedOut(t)) {
      // A server that stopped answering (a paused process) times the handshake out: nothing
      // says its certificate is wrong, and it may answer later.
      return new NetworkException(NetworkException.Kind.UNREACHABLE, where,
          where + " is unreachable: the TLS handshake timed out", t);
    }
    if (isTls(t)) {
      return new NetworkException(NetworkException.Kind.TLS, where,
          "TLS handshake with " + where + " failed: " + rootMessage(t), t);
    }
    if (status.getCode() == Status.Code.PERMISSION_DENIED
        || status.getCode() == Status.Code.UNAUTHENTICATED) {
      return new NetworkException(NetworkException.Kind.FORBIDDEN, where,
          where + " refused the call: " + describe(status), t);
    }
    if (status.getCode() == Status.Code.UNIMPLEMENTED) {
      return new NetworkException(NetworkException.Kind.REFUSED, where,
          where + " does not offer this service: " + describe(status), t);
    }
    if (!answered && status.getCode() == Status.Code.UNAVAILABLE) {
      return new NetworkException(NetworkException.Kind.UNREACHABLE, where,
          where + " is unreachable: " + describe(status), t);
    }
    return new NetworkException(NetworkException.Kind.UNAVAILABLE, where,
        "the connection to " + where + " broke: " + describe(status), t);
  }

  private static boolean handshakeTimedOut(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      String m = c.getMessage();
      if (c.getClass().getSimpleName().equals("SslHandshakeTimeoutException")
          || (m != null && m.contains("handshake timed out"))) {
        return true;
      }
    }
    return false;
  }

  private static boolean isTls(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof SSLException) {
        return true;
      }
      String m = c.getMessage();
      if (m != null && m.toLowerCase(Locale.ROOT).contains("ssl") && m.contains("handshake")) {
        return true;
      }
    }
    return false;
  }

  private static String describe(Status s) {
    String d = s.getDescription();
    Throwable c = s.getCause();
    return s.getCode() + (d == null ? "" : " (" + d + ")")
        + (c == null ? "" : ": " + rootMessage(c));
  }

  private static String rootMessage(Throwable t) {
    Throwable r = t;
    while (r.getCause() != null && r.getCause() != r) {
      r = r.getCause();
    }
    return r.getMessage() == null ? r.getClass().getSimpleName() : r.getMessage();
  }
}
