package io.msp4j.network;

import io.msp4j.channel.Channel;
import io.msp4j.channel.OrderingService;
import io.msp4j.channel.update.ChannelUpdates;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.KnownIdentity;
import io.msp4j.channel.update.UpdateReport;
import io.msp4j.network.internal.Backoff;
import io.msp4j.network.internal.BftBroadcast;
import io.msp4j.network.internal.RaftBroadcast;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Envelope;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends a signed {@code CONFIG_UPDATE} envelope to the ordering service's {@code Broadcast} and
 * returns its answer (BROADCAST-01), optionally after judging it against the current
 * configuration with {@code check-update}'s verdict and lock-out guard, so that what the ordering
 * service would reject, or what would leave an org without an admin, is not sent.
 *
 * <p>With several endpoints, the rule depends on the channel's consensus ({@link
 * OrderingConsensus}: set with {@link Builder#consensus}, else read from the current channel given
 * to {@link #submit}, else RAFT):
 *
 * <ul>
 *   <li>RAFT: the endpoints in the order given, until one answers SUCCESS or a 4xx status
 *       (BAD_REQUEST, FORBIDDEN, NOT_FOUND, REQUEST_ENTITY_TOO_LARGE: the update itself is
 *       refused, so it is not sent elsewhere). Other answers (SERVICE_UNAVAILABLE while a Raft
 *       leader is elected, 5xx) and connection failures move on to the next endpoint; after a
 *       round without a verdict, the round starts again after an exponential backoff ({@link
 *       Builder#backoff}), until the give-up time. Giving up returns the last answer heard, or
 *       throws when no orderer answered at all.
 *   <li>BFT: the envelope goes to every endpoint at once and needs SUCCESS from a BFT quorum
 *       ({@link OrderingConsensus#bftQuorum}: 3 of 4), as Fabric v3's gateway decides it;
 *       without a quorum the verdict is SERVICE_UNAVAILABLE. With the current channel given to
 *       {@link #submit}, the quorum is the channel's: counted over the consenters of its
 *       configuration (the {@code Orderers} consenter mapping), each matched to an endpoint
 *       given by {@code host:port}; an endpoint that is not a consenter is sent the envelope but
 *       does not count, and a consenter not given counts as not accepting ({@link
 *       SubmitResult#quorum}). Without the channel, or when no endpoint given is a consenter,
 *       the quorum is counted over the endpoints given: give every orderer's endpoint.
 * </ul>
 *
 * <pre>{@code
 * UpdateSubmitter submitter = UpdateSubmitter.builder(connection)
 *     .giveUpAfter(Duration.ofMinutes(1)).build();
 * SubmitResult r = submitter.submit(envelopeBytes, Optional.of(currentChannel), false);
 * r.submitted(); r.broadcast();   // the ordering service's verdict: status and info
 * r.orderers();                   // each orderer's part
 * r.check();                      // the pre-check's report
 * }</pre>
 */
public final class UpdateSubmitter {
  private static final Logger LOG = LoggerFactory.getLogger(UpdateSubmitter.class);
  /** The default wait for one orderer's answer. */
  public static final Duration DEFAULT_ANSWER_TIMEOUT = Duration.ofSeconds(30);
  /** The default time after which a submission stops retrying. */
  public static final Duration DEFAULT_GIVE_UP_AFTER = Duration.ofMinutes(1);

  private final ConnectionOptions connection;
  private final Duration answerTimeout;
  private final Duration giveUpAfter;
  private final Duration backoffInitial;
  private final Duration backoffMax;
  private final Optional<OrderingConsensus> consensus;
  private final List<SubmitListener> listeners;

  private UpdateSubmitter(Builder b) {
    this.listeners = List.copyOf(b.listeners);
    this.connection = b.connection;
    this.answerTimeout = b.answerTimeout;
    this.giveUpAfter = b.giveUpAfter;
    this.backoffInitial = b.backoffInitial;
    this.backoffMax = b.backoffMax;
    this.consensus = b.consensus;
  }

  /** A submitter with the defaults: 30 s per answer, give up after 1 min, backoff 100 ms to 5 s. */
  public static UpdateSubmitter of(ConnectionOptions connection) {
    return builder(connection).build();
  }

  /** A builder over the connection's endpoints, in the order they are to be tried. */
  public static Builder builder(ConnectionOptions connection) {
    return new Builder(Objects.requireNonNull(connection, "connection"));
  }

  /** This submitter, waiting at most {@code timeout} for each orderer's answer. */
  public UpdateSubmitter withAnswerTimeout(Duration timeout) {
    return toBuilder().answerTimeout(timeout).build();
  }

  private Builder toBuilder() {
    Builder b = new Builder(connection);
    b.answerTimeout = answerTimeout;
    b.giveUpAfter = giveUpAfter;
    b.backoffInitial = backoffInitial;
    b.backoffMax = backoffMax;
    b.consensus = consensus;
    b.listeners.addAll(listeners);
    return b;
  }

  /**
   * What a submission did.
   *
   * @param submitted whether the envelope was sent
   * @param broadcast the ordering service's verdict, present exactly when submitted
   * @param check the pre-check's report, when one was asked for
   * @param orderers each orderer's part, in the order of the endpoints (empty when not submitted)
   * @param quorum under BFT, how the quorum was counted (empty under RAFT or when not submitted)
   */
  public record SubmitResult(boolean submitted, Optional<BroadcastResult> broadcast,
      Optional<UpdateReport> check, List<OrdererStatus> orderers, Optional<QuorumCount> quorum) {

    /** Checks the parts. */
    public SubmitResult {
      Objects.requireNonNull(broadcast, "broadcast");
      Objects.requireNonNull(check, "check");
      Objects.requireNonNull(quorum, "quorum");
      orderers = List.copyOf(orderers);
      if (submitted != broadcast.isPresent()) {
        throw new IllegalArgumentException("a broadcast answer goes with a submission only");
      }
    }

    /** A result without a quorum count. */
    public SubmitResult(boolean submitted, Optional<BroadcastResult> broadcast,
        Optional<UpdateReport> check, List<OrdererStatus> orderers) {
      this(submitted, broadcast, check, orderers, Optional.empty());
    }

    /** A result without per-orderer statuses. */
    public SubmitResult(boolean submitted, Optional<BroadcastResult> broadcast,
        Optional<UpdateReport> check) {
      this(submitted, broadcast, check, List.of());
    }
  }

  /**
   * Judges the envelope against {@code current} when given (the update is not sent when the
   * verdict is REJECTED, or when it would lock an org out and {@code allowLockout} is false),
   * then broadcasts it by the rule of the consensus set on the builder, else of {@code current}'s
   * {@code ConsensusType}, else RAFT's; under BFT the quorum is counted over {@code current}'s
   * consenters (see the class comment).
   *
   * @param envelope a signed CONFIG_UPDATE {@code Envelope}, sent as it is
   * @throws io.msp4j.channel.update.ConfigUpdateException when a pre-check is asked for and the
   *     envelope is not a config update
   * @throws NetworkException when no orderer answered (unreachable, TLS failed) before the
   *     give-up time
   */
  public SubmitResult submit(byte[] envelope, Optional<Channel> current, boolean allowLockout) {
    Objects.requireNonNull(envelope, "envelope");
    long start = System.nanoTime();
    try {
      SubmitResult r = checkAndSend(envelope, current, allowLockout);
      tell(r.broadcast().map(b -> b.status().name()).orElse(SubmitListener.NOT_SUBMITTED), start);
      return r;
    } catch (RuntimeException e) {
      tell(failureStatus(e), start);
      throw e;
    }
  }

  private SubmitResult checkAndSend(byte[] envelope, Optional<Channel> current,
      boolean allowLockout) {
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
    OrderingConsensus rule = consensus
        .or(() -> current.flatMap(OrderingConsensus::of))
        .orElse(OrderingConsensus.RAFT);
    List<Endpoint> consenters = current.map(UpdateSubmitter::consenters).orElse(List.of());
    BroadcastOutcome o = sendUntold(env, rule, consenters);
    return new SubmitResult(true, Optional.of(o.verdict()), report, o.orderers(), o.quorum());
  }

  /** The endpoints of a channel's consenters, {@code host:port}; those not valid are left out. */
  private static List<Endpoint> consenters(Channel channel) {
    List<Endpoint> out = new ArrayList<>();
    for (OrderingService.Consenter c : OrderingService.of(channel.config()).consenters()) {
      try {
        out.add(new Endpoint(c.host(), c.port()));
      } catch (IllegalArgumentException invalid) {
        // A consenter no endpoint can name: no orderer given matches it.
      }
    }
    return List.copyOf(out);
  }

  /** Broadcasts one envelope as it is, by the consensus set (else RAFT), and returns the verdict. */
  public BroadcastResult broadcast(Envelope envelope) {
    return send(envelope, consensus.orElse(OrderingConsensus.RAFT)).verdict();
  }

  /**
   * Broadcasts one envelope as it is by {@code rule}.
   *
   * @throws NetworkException when no orderer answered before the give-up time
   */
  public BroadcastOutcome send(Envelope envelope, OrderingConsensus rule) {
    return send(envelope, rule, List.of());
  }

  /**
   * Broadcasts one envelope as it is by {@code rule}; under BFT the quorum is counted over {@code
   * consenters}, the channel's ({@code host:port}; empty: over the endpoints).
   *
   * @throws NetworkException when no orderer answered before the give-up time
   */
  public BroadcastOutcome send(Envelope envelope, OrderingConsensus rule,
      List<Endpoint> consenters) {
    long start = System.nanoTime();
    try {
      BroadcastOutcome o = sendUntold(envelope, rule, consenters);
      tell(o.verdict().status().name(), start);
      return o;
    } catch (RuntimeException e) {
      tell(failureStatus(e), start);
      throw e;
    }
  }

  private static String failureStatus(RuntimeException e) {
    return e instanceof NetworkException n ? n.kind().name() : SubmitListener.ERROR;
  }

  private void tell(String status, long start) {
    if (listeners.isEmpty()) {
      return;
    }
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    for (SubmitListener l : listeners) {
      try {
        l.finished(status, elapsed);
      } catch (RuntimeException e) {
        LOG.warn("a submit listener failed: {}", e.toString());
      }
    }
  }

  private BroadcastOutcome sendUntold(Envelope envelope, OrderingConsensus rule,
      List<Endpoint> consenters) {
    Objects.requireNonNull(envelope, "envelope");
    Objects.requireNonNull(consenters, "consenters");
    return switch (Objects.requireNonNull(rule, "rule")) {
      case RAFT -> new RaftBroadcast(connection, answerTimeout, giveUpAfter,
          new Backoff(backoffInitial, backoffMax)).send(envelope);
      case BFT -> new BftBroadcast(connection, answerTimeout, giveUpAfter, consenters)
          .send(envelope);
    };
  }

  @Override
  public String toString() {
    return "UpdateSubmitter{" + connection.endpoints() + ", answer timeout " + answerTimeout
        + ", give up after " + giveUpAfter + consensus.map(c -> ", " + c).orElse("") + "}";
  }

  /** Builds an {@link UpdateSubmitter}. */
  public static final class Builder {
    private final ConnectionOptions connection;
    private Duration answerTimeout = DEFAULT_ANSWER_TIMEOUT;
    private Duration giveUpAfter = DEFAULT_GIVE_UP_AFTER;
    private Duration backoffInitial = Duration.ofMillis(100);
    private Duration backoffMax = Duration.ofSeconds(5);
    private Optional<OrderingConsensus> consensus = Optional.empty();
    private final List<SubmitListener> listeners = new ArrayList<>();

    private Builder(ConnectionOptions connection) {
      this.connection = connection;
    }

    /** The longest wait for one orderer's answer to one send (default 30 s). */
    public Builder answerTimeout(Duration d) {
      this.answerTimeout = positive(d, "answer timeout");
      return this;
    }

    /**
     * How long to keep trying before giving up (default 1 min): RAFT starts no new attempt after
     * it, and BFT stops waiting for answers.
     */
    public Builder giveUpAfter(Duration d) {
      this.giveUpAfter = positive(d, "give-up time");
      return this;
    }

    /** RAFT's wait between rounds over the endpoints: {@code initial}, doubled up to {@code max}. */
    public Builder backoff(Duration initial, Duration max) {
      this.backoffInitial = positive(initial, "initial backoff");
      this.backoffMax = positive(max, "largest backoff");
      if (max.compareTo(initial) < 0) {
        throw new IllegalArgumentException("the largest backoff " + max
            + " is below the initial " + initial);
      }
      return this;
    }

    /** The rule to follow, whatever the channel given to {@code submit} says. */
    public Builder consensus(OrderingConsensus c) {
      this.consensus = Optional.of(Objects.requireNonNull(c, "consensus"));
      return this;
    }

    /** Adds a listener, told when each submission or broadcast reaches its final status. */
    public Builder listener(SubmitListener l) {
      listeners.add(Objects.requireNonNull(l, "listener"));
      return this;
    }

    /** The submitter. */
    public UpdateSubmitter build() {
      return new UpdateSubmitter(this);
    }

    private static Duration positive(Duration d, String what) {
      Objects.requireNonNull(d, what);
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException("the " + what + " must be positive, not " + d);
      }
      return d;
    }
  }
}
