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
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Status;

/**
 * Broadcast to a crash-fault-tolerant ordering service: the endpoints in turn until one answers
 * SUCCESS or a client error (4xx, final: the update itself is refused); 5xx answers (such as
 * SERVICE_UNAVAILABLE while Raft elects a leader) and transient connection failures move on to the
 * next endpoint, and after a round without a verdict the round starts again after a backoff, until
 * the give-up time (no attempt starts after it; one in flight runs to its answer timeout). An
 * endpoint whose failure is not transient (TLS) is not tried again.
 */
public final class RaftBroadcast {
  private final ConnectionOptions connection;
  private final Duration answerTimeout;
  private final Duration giveUpAfter;
  private final Backoff backoff;

  /** A broadcaster over the connection's endpoints. */
  public RaftBroadcast(ConnectionOptions connection, Duration answerTimeout, Duration giveUpAfter,
      Backoff backoff) {
    this.connection = connection;
    this.answerTimeout = answerTimeout;
    this.giveUpAfter = giveUpAfter;
    this.backoff = backoff;
  }

  /** Whether an orderer's answer settles the broadcast: SUCCESS or a 4xx client error. */
  static boolean isFinal(Status s) {
    return s == Status.SUCCESS || (s.getNumber() >= 400 && s.getNumber() < 500);
  }

  /**
   * Sends the envelope as the rule says.
   *
   * @throws NetworkException when no orderer answered before the give-up time, or every endpoint
   *     failed for good
   */
  public BroadcastOutcome send(Envelope envelope) {
    List<Endpoint> endpoints = connection.endpoints();
    OrdererStatus[] statuses = new OrdererStatus[endpoints.size()];
    NetworkException[] failures = new NetworkException[endpoints.size()];
    boolean[] dropped = new boolean[endpoints.size()];
    int[] attempts = new int[endpoints.size()];
    for (int i = 0; i < statuses.length; i++) {
      statuses[i] = OrdererStatus.notSent(endpoints.get(i));
    }
    Optional<BroadcastResult> lastAnswer = Optional.empty();
    long deadline = System.nanoTime() + giveUpAfter.toNanos();
    boolean first = true;
    for (int round = 0; ; round++) {
      boolean anyLeft = false;
      for (int i = 0; i < endpoints.size(); i++) {
        if (dropped[i]) {
          continue;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0 && !first) {
          return giveUp(statuses, failures, lastAnswer, true);
        }
        first = false;
        Endpoint e = endpoints.get(i);
        attempts[i]++;
        try {
          BroadcastResult r = OneBroadcast.send(e, connection, envelope, answerTimeout);
          statuses[i] = OrdererStatus.answered(e, r, attempts[i]);
          failures[i] = null;
          if (isFinal(r.status())) {
            return new BroadcastOutcome(OrderingConsensus.RAFT, r, List.of(statuses));
          }
          lastAnswer = Optional.of(r);
          anyLeft = true;
        } catch (NetworkException n) {
          statuses[i] = OrdererStatus.failed(e, n, attempts[i]);
          failures[i] = n;
          dropped[i] = !n.kind().isTransient();
          anyLeft |= !dropped[i];
        }
      }
      long left = deadline - System.nanoTime();
      if (!anyLeft || left <= 0) {
        return giveUp(statuses, failures, lastAnswer, anyLeft);
      }
      try {
        Thread.sleep(min(backoff.delay(round), Duration.ofNanos(left)).toMillis());
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
        throw new NetworkException(NetworkException.Kind.UNAVAILABLE, "",
            "interrupted while retrying the broadcast", ie);
      }
    }
  }

  private BroadcastOutcome giveUp(OrdererStatus[] statuses,
      NetworkException[] failures, Optional<BroadcastResult> lastAnswer, boolean timedOut) {
    if (lastAnswer.isPresent()) {
      return new BroadcastOutcome(OrderingConsensus.RAFT, lastAnswer.get(), List.of(statuses));
    }
    throw NoAnswer.of(statuses, failures, timedOut ? giveUpAfter : null);
  }

  static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
