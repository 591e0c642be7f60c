package io.msp4j.network.internal;

import io.grpc.ManagedChannel;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.msp4j.network.DeliverService;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.AtomicBroadcastGrpc;
import org.hyperledger.fabric.protos.peer.DeliverGrpc;

/**
 * One Deliver call: the signed seek request goes out, and the answers come back one at a time,
 * each asked for only when the one before has been taken, so that a slow reader holds back the
 * sender (gRPC flow control) instead of filling memory.
 */
public final class DeliverStream implements AutoCloseable {

  /** One answer on the stream. */
  public sealed interface Answer {}

  /** A block. */
  public record BlockAnswer(Block block) implements Answer {}

  /** The final status the service sent (SUCCESS once the stop block was sent). */
  public record StatusAnswer(Status status) implements Answer {}

  /** An answer of a kind a deliver client does not take (a filtered block, say). */
  public record OtherAnswer(String what) implements Answer {}

  /** The call failed (transport, TLS, or a gRPC status). */
  public record Failed(Throwable cause) implements Answer {}

  /** The service closed the stream without a status. */
  public record Ended() implements Answer {}

  private final BlockingQueue<Answer> answers = new LinkedBlockingQueue<>();
  private volatile ClientCallStreamObserver<Envelope> requests;

  private DeliverStream() {}

  /** Opens the call and sends the seek request. */
  public static DeliverStream open(ManagedChannel channel, DeliverService service, Envelope seek) {
    DeliverStream s = new DeliverStream();
    if (service == DeliverService.ORDERER) {
      AtomicBroadcastGrpc.newStub(channel).deliver(s.new Responses<>(DeliverStream::ordererAnswer))
          .onNext(seek);
    } else {
      DeliverGrpc.newStub(channel).deliver(s.new Responses<>(DeliverStream::peerAnswer))
          .onNext(seek);
    }
    return s;
  }

  private static Answer ordererAnswer(org.hyperledger.fabric.protos.orderer.DeliverResponse r) {
    return switch (r.getTypeCase()) {
      case BLOCK -> new BlockAnswer(r.getBlock());
      case STATUS -> new StatusAnswer(r.getStatus());
      default -> new OtherAnswer("an empty answer");
    };
  }

  private static Answer peerAnswer(org.hyperledger.fabric.protos.peer.DeliverResponse r) {
    return switch (r.getTypeCase()) {
      case BLOCK -> new BlockAnswer(r.getBlock());
      case STATUS -> new StatusAnswer(r.getStatus());
      case BLOCK_AND_PRIVATE_DATA -> new BlockAnswer(r.getBlockAndPrivateData().getBlock());
      case FILTERED_BLOCK -> new OtherAnswer("a filtered block");
      default -> new OtherAnswer("an empty answer");
    };
  }

  /**
   * The next answer, waiting at most {@code timeout}; null when none came in time. After a
   * block, the next answer is asked for.
   */
  public Answer next(Duration timeout) throws InterruptedException {
    Answer a = answers.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (a instanceof BlockAnswer && requests != null) {
      requests.request(1);
    }
    return a;
  }

  /** Cancels the call; answers still queued are dropped. */
  @Override
  public void close() {
    ClientCallStreamObserver<Envelope> r = requests;
    if (r != null) {
      r.cancel("the deliver client closed the stream", null);
    }
    answers.clear();
  }

  private final class Responses<R> implements ClientResponseObserver<Envelope, R> {
    private final Function<R, Answer> map;

    Responses(Function<R, Answer> map) {
      this.map = map;
    }

    @Override
    public void beforeStart(ClientCallStreamObserver<Envelope> r) {
      requests = r;
      r.disableAutoRequestWithInitial(1);
    }

    @Override
    public void onNext(R value) {
      answers.add(map.apply(value));
    }

    @Override
    public void onError(Throwable t) {
      answers.add(new Failed(t));
    }

    @Override
    public void onCompleted() {
      answers.add(new Ended());
    }
  }
}
