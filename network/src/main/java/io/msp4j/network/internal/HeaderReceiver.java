package io.msp4j.network.internal;

import io.grpc.ManagedChannel;
import io.msp4j.network.DeliverService;
import io.msp4j.network.Endpoint;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Envelope;

/**
 * One orderer's stream of block headers with their signatures (DELIVER-BFT-01/02), read without
 * blocking by the follower's thread. Every header is verified before it counts; the first that
 * fails, a status (even SUCCESS: the seek never ends), or a broken stream stops the receiver, and
 * only its last verified header is kept. Not thread-safe.
 */
public final class HeaderReceiver implements AutoCloseable {
  private final Endpoint endpoint;
  private final ManagedChannel grpc;
  private final DeliverStream stream;
  private final HeaderVerifier verifier;
  private final Runnable onVerified;
  private OptionalLong lastHeader;
  private Instant lastHeaderTime;
  private Instant errorStopTime;
  private boolean stopped;
  private long verified;
  private String stopReason = "";

  private HeaderReceiver(Endpoint endpoint, ManagedChannel grpc, DeliverStream stream,
      HeaderVerifier verifier, Optional<HeaderReceiver> previous, Runnable onVerified) {
    this.endpoint = endpoint;
    this.grpc = grpc;
    this.stream = stream;
    this.verifier = verifier;
    this.onVerified = onVerified;
    this.lastHeader = previous.map(p -> p.lastHeader).orElse(OptionalLong.empty());
    this.lastHeaderTime = previous.map(p -> p.lastHeaderTime).orElse(null);
  }

  /**
   * Opens the header stream: the seek request asks for headers from the one after the
   * verifier's last ({@code verifier} is this receiver's own); {@code onVerified} is run for
   * each verified header.
   */
  public static HeaderReceiver open(Endpoint endpoint, ManagedChannel grpc, Envelope seek,
      HeaderVerifier verifier, Optional<HeaderReceiver> previous, Runnable onVerified) {
    DeliverStream stream = DeliverStream.open(grpc, DeliverService.ORDERER, seek);
    return new HeaderReceiver(endpoint, grpc, stream, verifier, previous, onVerified);
  }

  /** Takes what has arrived, verifying each header; returns at once. */
  public void drain(Instant now) {
    while (!stopped) {
      DeliverStream.Answer a;
      try {
        a = stream.next(Duration.ZERO);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      if (a == null) {
        return;
      }
      if (a instanceof DeliverStream.BlockAnswer b) {
        accept(b.block(), now);
      } else if (a instanceof DeliverStream.StatusAnswer s) {
        stop(now, "it answered " + s.status() + " to a seek that never ends");
      } else if (a instanceof DeliverStream.Failed f) {
        stop(now, "the stream failed: " + f.cause().getMessage());
      } else if (a instanceof DeliverStream.OtherAnswer o) {
        stop(now, "it sent " + o.what());
      } else {
        stop(now, "it ended the stream");
      }
    }
  }

  private void accept(Block header, Instant now) {
    Optional<String> refused = verifier.verify(header);
    if (refused.isPresent()) {
      stop(now, "unverifiable: " + refused.get());
      return;
    }
    verified++;
    onVerified.run();
    lastHeader = OptionalLong.of(header.getHeader().getNumber());
    lastHeaderTime = now;
  }

  private void stop(Instant now, String why) {
    stopped = true;
    errorStopTime = now;
    stopReason = why;
    close();
  }

  /** The endpoint read. */
  public Endpoint endpoint() {
    return endpoint;
  }

  /** The number of the last verified header, kept from the receiver before when none yet. */
  public OptionalLong lastHeader() {
    return lastHeader;
  }

  /** When the last verified header arrived (null when there is none). */
  public Instant lastHeaderTime() {
    return lastHeaderTime;
  }

  /** A copy of this receiver's verifier, standing at its last verified header. */
  public HeaderVerifier verifierCopy() {
    return verifier.copy();
  }

  /** Headers verified by this receiver. */
  public long verified() {
    return verified;
  }

  /** Whether it stopped (a failure: a header seek never ends on its own). */
  public boolean stopped() {
    return stopped;
  }

  /** When it stopped; null while it runs. */
  public Instant errorStopTime() {
    return errorStopTime;
  }

  /** Why it stopped; empty while it runs. */
  public String stopReason() {
    return stopReason;
  }

  /** Cancels the stream and closes the connection. */
  @Override
  public void close() {
    stream.close();
    grpc.shutdownNow();
  }
}
