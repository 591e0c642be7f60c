package io.msp4j.network.internal;

import io.msp4j.network.BroadcastOutcome;
import io.msp4j.network.BroadcastResult;
import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.Endpoint;
import io.msp4j.network.NetworkException;
import io.msp4j.network.OrderingConsensus;
import io.msp4j.network.OrdererStatus;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Status;

/**
 * Broadcast to a BFT ordering service as Fabric v3's gateway does it: the envelope goes to every
 * endpoint at once, each send bounded by the answer timeout; an orderer counts as accepting when
 * it answers SUCCESS, or SERVICE_UNAVAILABLE with the info {@value #ALREADY_EXISTS} (it has the
 * envelope already); anything else, a failure to answer included, counts against. The verdict is
 * SUCCESS when {@link OrderingConsensus#bftQuorum(int)} of the endpoints accepted, and is reached as
 * soon as that quorum is certain either way. There is no retry. Answers that come within {@link
 * #GRACE} after the verdict are still reported; later ones are not waited for.
 */
public final class BftBroadcast {
  /** The info of a BFT orderer's SERVICE_UNAVAILABLE for an envelope it already has. */
  public static final String ALREADY_EXISTS = "failed to submit request: request already exists";
  /** How long answers are still collected, for the report, after the verdict. */
  static final Duration GRACE = Duration.ofSeconds(1);

  private final ConnectionOptions connection;
  private final Duration answerTimeout;
  private final Duration giveUpAfter;

  /** A broadcaster to all of the connection's endpoints. */
  public BftBroadcast(ConnectionOptions connection, Duration answerTimeout, Duration giveUpAfter) {
    this.connection = connection;
    this.answerTimeout = answerTimeout;
    this.giveUpAfter = giveUpAfter;
  }

  /** Whether a BFT orderer's answer counts towards the quorum. */
  static boolean accepts(BroadcastResult r) {
    return r.status() == Status.SUCCESS
        || (r.status() == Status.SERVICE_UNAVAILABLE && ALREADY_EXISTS.equals(r.info()));
  }

  private record Reply(int index, OrdererStatus status, NetworkException failure) {}

  /**
   * Sends the envelope to every endpoint and decides.
   *
   * @throws NetworkException when no orderer answered at all (each unreachable, TLS failed, or
   *     silent until the answer timeout or give-up time)
   */
  public BroadcastOutcome send(Envelope envelope) {
    List<Endpoint> endpoints = connection.endpoints();
    int n = endpoints.size();
    int quorum = OrderingConsensus.bftQuorum(n);
    OrdererStatus[] statuses = new OrdererStatus[n];
    NetworkException[] failures = new NetworkException[n];
    ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
      Thread t = new Thread(r, "msp4j-bft-broadcast");
      t.setDaemon(true);
      return t;
    });
    try {
      CompletionService<Reply> replies = new ExecutorCompletionService<>(pool);
      for (int i = 0; i < n; i++) {
        statuses[i] = OrdererStatus.noAnswer(endpoints.get(i));
        int index = i;
        Endpoint e = endpoints.get(i);
        replies.submit(() -> {
          try {
            return new Reply(index, OrdererStatus.answered(e,
                OneBroadcast.send(e, connection, envelope, answerTimeout), 1), null);
          } catch (NetworkException x) {
            return new Reply(index, OrdererStatus.failed(e, x, 1), x);
          }
        });
      }
      int successes = 0;
      int failed = 0;
      int answered = 0;
      long deadline = System.nanoTime() + giveUpAfter.toNanos();
      Long decidedBy = null;
      boolean timedOut = false;
      for (int got = 0; got < n; got++) {
        long until = decidedBy != null ? Math.min(decidedBy, deadline) : deadline;
        Future<Reply> f = replies.poll(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (f == null) {
          timedOut = decidedBy == null;
          break;
        }
        Reply r = f.get();
        statuses[r.index()] = r.status();
        failures[r.index()] = r.failure();
        if (r.failure() == null) {
          answered++;
        }
        if (r.failure() == null && accepts(new BroadcastResult(r.status().answer().orElseThrow(),
            r.status().info()))) {
          successes++;
        } else {
          failed++;
        }
        if (decidedBy == null && (successes >= quorum || failed > n - quorum)) {
          decidedBy = System.nanoTime() + GRACE.toNanos();
        }
      }
      if (successes >= quorum) {
        return new BroadcastOutcome(OrderingConsensus.BFT, new BroadcastResult(Status.SUCCESS,
            successes + " of " + n + " orderers accepted it (BFT quorum " + quorum + ")"),
            List.of(statuses));
      }
      if (answered == 0) {
        throw NoAnswer.of(statuses, failures, timedOut ? giveUpAfter : null);
      }
      return new BroadcastOutcome(OrderingConsensus.BFT, new BroadcastResult(
          Status.SERVICE_UNAVAILABLE, "only " + successes + " of " + n
              + " orderers accepted it, the BFT quorum is " + quorum
              + (timedOut ? " (gave up after " + NoAnswer.text(giveUpAfter) + ")" : "")), List.of(statuses));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NetworkException(NetworkException.Kind.UNAVAILABLE, "",
          "interrupted while broadcasting", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("a broadcast task failed", e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }
}
