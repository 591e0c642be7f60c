package io.msp4j.network.internal;

import io.msp4j.network.BroadcastOutcome;
import io.msp4j.network.BroadcastResult;
import io.msp4j.network.ConnectionOptions;
import io.msp4j.network.Endpoint;
import io.msp4j.network.NetworkException;
import io.msp4j.network.OrderingConsensus;
import io.msp4j.network.OrdererStatus;
import io.msp4j.network.QuorumCount;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
 * SUCCESS when {@link OrderingConsensus#bftQuorum(int)} of the quorum's members accepted, and is
 * reached as soon as that quorum is certain either way. The members are the channel's consenters
 * when they are known and an endpoint given is one of them ({@link QuorumMembers}: an endpoint
 * that is not a consenter does not count, a consenter not given counts against), else the
 * endpoints given. There is no retry. Answers that come within {@link #GRACE} after the verdict
 * are still reported; later ones are not waited for.
 */
public final class BftBroadcast {
  /** The info of a BFT orderer's SERVICE_UNAVAILABLE for an envelope it already has. */
  public static final String ALREADY_EXISTS = "failed to submit request: request already exists";
  /** How long answers are still collected, for the report, after the verdict. */
  static final Duration GRACE = Duration.ofSeconds(1);

  private final ConnectionOptions connection;
  private final Duration answerTimeout;
  private final Duration giveUpAfter;
  private final List<Endpoint> consenters;

  /**
   * A broadcaster to all of the connection's endpoints, the quorum counted over {@code
   * consenters} (the channel's, {@code host:port}; empty when not known: over the endpoints).
   */
  public BftBroadcast(ConnectionOptions connection, Duration answerTimeout, Duration giveUpAfter,
      List<Endpoint> consenters) {
    this.connection = connection;
    this.answerTimeout = answerTimeout;
    this.giveUpAfter = giveUpAfter;
    this.consenters = List.copyOf(consenters);
  }

  /** Whether a BFT orderer's answer counts towards the quorum. */
  static boolean accepts(BroadcastResult r) {
    return r.status() == Status.SUCCESS
        || (r.status() == Status.SERVICE_UNAVAILABLE && ALREADY_EXISTS.equals(r.info()));
  }

  private record Reply(int index, OrdererStatus status, NetworkException failure) {}

  /** What the verdict's info adds about the endpoints that did not count or were missing. */
  private static String notes(QuorumMembers members) {
    StringBuilder b = new StringBuilder();
    if (!members.notConsenters().isEmpty()) {
      b.append("; not a consenter of the channel: ").append(names(members.notConsenters()));
    }
    if (!members.consentersNotGiven().isEmpty()) {
      b.append("; consenters not given: ").append(names(members.consentersNotGiven()));
    }
    if (members.noneGivenIsAConsenter()) {
      b.append("; none of the orderers given is a consenter of the channel (its consenters: ")
          .append(names(members.consenters()))
          .append("), so the quorum is counted over the orderers given");
    }
    return b.toString();
  }

  private static String names(List<Endpoint> endpoints) {
    return String.join(", ", endpoints.stream().map(Endpoint::toString).toList());
  }

  /**
   * Sends the envelope to every endpoint and decides.
   *
   * @throws NetworkException when no orderer answered at all (each unreachable, TLS failed, or
   *     silent until the answer timeout or give-up time)
   */
  public BroadcastOutcome send(Envelope envelope) {
    List<Endpoint> endpoints = connection.endpoints();
    int n = endpoints.size();
    QuorumMembers members = QuorumMembers.of(endpoints, consenters);
    int size = members.size();
    int quorum = OrderingConsensus.bftQuorum(size);
    int notGiven = members.consentersNotGiven().size();
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
      Set<String> accepted = new HashSet<>();
      Set<String> refused = new HashSet<>();
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
        boolean yes = r.failure() == null && accepts(new BroadcastResult(
            r.status().answer().orElseThrow(), r.status().info()));
        members.memberOf(r.index()).ifPresent(m -> {
          if (yes) {
            accepted.add(m);
            refused.remove(m);
          } else if (!accepted.contains(m)) {
            refused.add(m);
          }
        });
        if (decidedBy == null
            && (accepted.size() >= quorum || size - notGiven - refused.size() < quorum)) {
          decidedBy = System.nanoTime() + GRACE.toNanos();
        }
      }
      QuorumCount count = new QuorumCount(members.overConsenters(), size, quorum,
          accepted.size(), members.notConsenters(), members.consentersNotGiven());
      if (count.reached()) {
        return new BroadcastOutcome(OrderingConsensus.BFT, new BroadcastResult(Status.SUCCESS,
            accepted.size() + " of " + size + " " + count.countedOver() + " accepted it (BFT quorum "
                + quorum + ")" + notes(members)), List.of(statuses), Optional.of(count));
      }
      if (answered == 0) {
        throw NoAnswer.of(statuses, failures, timedOut ? giveUpAfter : null);
      }
      return new BroadcastOutcome(OrderingConsensus.BFT, new BroadcastResult(
          Status.SERVICE_UNAVAILABLE, "only " + accepted.size() + " of " + size + " "
              + count.countedOver() + " accepted it, the BFT quorum is " + quorum
              + (timedOut ? " (gave up after " + NoAnswer.text(giveUpAfter) + ")" : "")
              + notes(members)), List.of(statuses), Optional.of(count));
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
