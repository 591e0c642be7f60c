package io.msp4j.network.internal;

import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import io.msp4j.network.BroadcastResult;
import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.Endpoint;
import io.msp4j.network.NetworkException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.orderer.AtomicBroadcastGrpc;
import org.hyperledger.fabric.protos.orderer.BroadcastResponse;

/** One envelope sent to one orderer's {@code Broadcast}, and its first answer (BROADCAST-01). */
public final class OneBroadcast {
  private OneBroadcast() {}

  /**
   * Sends {@code envelope} to {@code endpoint} on a connection of its own and waits at most
   * {@code timeout} for the answer.
   *
   * @throws NetworkException when the orderer cannot be reached, TLS fails, the stream breaks or
   *     no answer comes in time (kind UNAVAILABLE)
   */
  public static BroadcastResult send(Endpoint endpoint, ConnectionOptions connection,
      Envelope envelope, Duration timeout) {
    ManagedChannel grpc = GrpcChannels.open(endpoint, connection.withEndpoints(List.of(endpoint)));
    CompletableFuture<BroadcastResponse> answer = new CompletableFuture<>();
    try {
      StreamObserver<Envelope> requests = AtomicBroadcastGrpc.newStub(grpc).broadcast(
          new StreamObserver<>() {
            @Override
            public void onNext(BroadcastResponse r) {
              answer.complete(r);
            }

            @Override
            public void onError(Throwable t) {
              answer.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {
              answer.completeExceptionally(new NetworkException(NetworkException.Kind.UNAVAILABLE,
                  endpoint.toString(), endpoint + " closed the stream without an answer", null));
            }
          });
      requests.onNext(envelope);
      BroadcastResponse r = answer.get(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
      requests.onCompleted();
      return new BroadcastResult(r.getStatus(), r.getInfo());
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof NetworkException n) {
        throw n;
      }
      throw GrpcChannels.classify(endpoint, cause, false);
    } catch (TimeoutException e) {
      throw new NetworkException(NetworkException.Kind.UNAVAILABLE, endpoint.toString(),
          endpoint + " did not answer within " + timeout, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NetworkException(NetworkException.Kind.UNAVAILABLE, endpoint.toString(),
          "interrupted while waiting for " + endpoint, e);
    } finally {
      grpc.shutdownNow();
    }
  }
}
