package io.msp4j.network.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslHandshakeTimeoutException;
import io.msp4j.network.Endpoint;
import io.msp4j.network.NetworkException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/** How a failed call is classified: what may be retried, and what not. */
class GrpcChannelsTest {
  private final Endpoint e = new Endpoint("127.0.0.1", 7050);

  @Test
  void aHandshakeThatTimedOutIsAnUnreachableServerNotATlsFailure() {
    // Seen with a paused orderer: the connection is accepted, the handshake never answered.
    Throwable t = Status.UNAVAILABLE.withCause(
        new SslHandshakeTimeoutException("handshake timed out after 10000ms")).asRuntimeException();
    NetworkException n = GrpcChannels.classify(e, t, false);
    assertThat(n.kind()).isEqualTo(NetworkException.Kind.UNREACHABLE);
    assertThat(n.kind().isTransient()).isTrue();
  }

  @Test
  void aRefusedCertificateIsATlsFailure() {
    Throwable t = Status.UNAVAILABLE.withCause(
        new SSLHandshakeException("PKIX path building failed")).asRuntimeException();
    assertThat(GrpcChannels.classify(e, t, false).kind()).isEqualTo(NetworkException.Kind.TLS);
  }
}
