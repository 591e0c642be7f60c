package io.msp4j.network;

import io.grpc.ManagedChannel;
import io.grpc.stub.StreamObserver;
import io.msp4j.channel.Channel;
import io.msp4j.channel.update.ChannelUpdates;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.KnownIdentity;
import io.msp4j.channel.update.UpdateReport;
import io.msp4j.network.internal.GrpcChannels;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.orderer.AtomicBroadcastGrpc;
import org.hyperledger.fabric.protos.orderer.BroadcastResponse;

/**
 * Sends a signed {@code CONFIG_UPDATE} envelope to the ordering service's {@code Broadcast} and
 * returns its answer (BROADCAST-01), optionally after judging it against the current
 * configuration with {@code check-update}'s verdict and lock-out guard, so that what the ordering
 * service would reject, or what would leave an org without an admin, is not sent.
 *
 * <pre>{@code
 * UpdateSubmitter submitter = UpdateSubmitter.of(connection);
 * SubmitResult r = submitter.submit(envelopeBytes, Optional.of(currentChannel), false);
 * r.submitted(); r.broadcast();   // the orderer's status and info
 * r.check();                      // the pre-check's report
 * }</pre>
 */
public final class UpdateSubmitter {
  private final ConnectionOptions connection;
  private final Duration answerTimeout;

  private UpdateSubmitter(ConnectionOptions connection, Duration answerTimeout) {
    this.connection = connection;
    this.answerTimeout = answerTimeout;
  }

  /** A submitter to the first of the connection's endpoints, waiting up to 30 s for the answer. */
  public static UpdateSubmitter of(ConnectionOptions connection) {
    return new UpdateSubmitter(Objects.requireNonNull(connection, "connection"),
        Duration.ofSeconds(30));
  }

  /** This submitter, waiting at most {@code timeout} for the orderer's answer. */
  public UpdateSubmitter withAnswerTimeout(Duration timeout) {
    return new UpdateSubmitter(connection, Objects.requireNonNull(timeout, "timeout"));
  }

  /** What a submission did. */
  public record SubmitResult(boolean submitted, Optional<BroadcastResult> broadcast,
      Optional<UpdateReport> check) {

    /** Checks the parts. */
    public SubmitResult {
      Objects.requireNonNull(broadcast, "broadcast");
      Objects.requireNonNull(check, "check");
      if (submitted != broadcast.isPresent()) {
        throw new IllegalArgumentException("a broadcast answer goes with a submission only");
      }
    }
  }

  /**
   * Judges the envelope against {@code current} when given (the update is not sent when the
   * verdict is REJECTED, or when it would lock an org out and {@code allowLockout} is false),
   * then broadcasts it.
   *
   * @param envelope a signed CONFIG_UPDATE {@code Envelope}, sent as it is
   * @throws io.msp4j.channel.update.ConfigUpdateException when a pre-check is asked for and the
   *     envelope is not a config update
   * @throws NetworkException when the orderer cannot be reached or the TLS handshake fails
   */
  public SubmitResult submit(byte[] envelope, Optional<Channel> current, boolean allowLockout) {
    Objects.requireNonNull(envelope, "envelope");
    Optional<UpdateReport> report = current.map(c -> ChannelUpdates.checker(c)
        .check(ConfigUpdateRequest.parse(envelope), List.<KnownIdentity>of()));
    if (report.isPresent() && (!report.get().accepted()
        || (report.get().locksOut() && !allowLockout))) {
      return new SubmitResult(false, Optional.empty(), report);
    }
    Envelope env;
    try {
      env = Envelope.parseFrom(envelope);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new NetworkException(NetworkException.Kind.CONFIGURATION, "",
          "the envelope does not decode: " + e.getMessage(), e);
    }
    return new SubmitResult(true, Optional.of(broadcast(env)), report);
  }

  /** Broadcasts one envelope as it is and returns the answer. */
  public BroadcastResult broadcast(Envelope envelope) {
    Endpoint endpoint = connection.endpoints().get(0);
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
      BroadcastResponse r = answer.get(answerTimeout.toMillis(), TimeUnit.MILLISECONDS);
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
          endpoint + " did not answer within " + answerTimeout, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NetworkException(NetworkException.Kind.UNAVAILABLE, endpoint.toString(),
          "interrupted while waiting for " + endpoint, e);
    } finally {
      grpc.shutdownNow();
    }
  }
}
