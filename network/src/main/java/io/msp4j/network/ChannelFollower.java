package io.msp4j.network;

import io.grpc.ManagedChannel;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ConfigBlocks;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.core.SigningIdentity;
import io.msp4j.network.internal.CensorshipMonitor;
import io.msp4j.network.internal.ConfigEndpoints.Source;
import io.msp4j.network.internal.DeliverStatuses;
import io.msp4j.network.internal.DeliverStream;
import io.msp4j.network.internal.DeliverySources;
import io.msp4j.network.internal.GrpcChannels;
import io.msp4j.network.internal.HeaderReceiver;
import io.msp4j.network.internal.HeaderVerifier;
import io.msp4j.network.internal.SignedEnvelopes;
import io.msp4j.network.internal.SourceSchedule;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.hyperledger.fabric.protos.common.Envelope;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows a channel from the ordering service or a peer over {@code Deliver}, verifies every
 * block as a Fabric v3 peer's deliver client does ({@link BlockStreamVerifier}, DELIVER-01..07)
 * before anything else sees it, and applies each config block to a {@link ReloadingChannel}, so
 * that callers validating signers always use the configuration in force.
 *
 * <pre>{@code
 * ChannelFollower follower = ChannelFollower.builder("mychannel", connection, signer)
 *     .anchor(genesisBlockBytes)                    // or .state(FollowStateStore.file(path))
 *     .listener(new FollowListener() { ... })
 *     .build();
 * ReloadingChannel channel = follower.channel();    // validate signers against it, any thread
 * FollowOutcome outcome = follower.run();           // on a thread of the caller's
 * }</pre>
 *
 * <p>Faults: a stream that breaks, an endpoint that is down or answers SERVICE_UNAVAILABLE, are
 * retried with bounded exponential backoff, each endpoint in turn (for an orderer, also those the
 * channel configuration names), resuming at the next block: none is skipped or applied twice. An
 * endpoint that refuses for good (FORBIDDEN, NOT_FOUND, TLS) is passed over; when every endpoint
 * does, or none is reachable within the give-up time, the follower gives up. A refused block stops
 * it (DELIVER-07: nothing after it is applied).
 *
 * <p>On a SmartBFT channel it follows as a Fabric v3 peer's BFT deliverer does (DELIVER-BFT-01..05):
 * blocks from one of the orderers the configuration names, verified headers from all the others,
 * and another source when the headers run ahead of the blocks for the censorship timeout, when the
 * source fails, or when it sends a block that is refused (one faulty orderer does not stop it).
 * {@link ChannelFollowerBuilder#watchHeaders} runs the same watch on other channels; {@link
 * #metrics()} tells what it did.
 */
public final class ChannelFollower implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ChannelFollower.class);
  /** How often a waiting follower looks whether it was closed. */
  private static final Duration POLL = Duration.ofMillis(100);
  /** Fabric v3's BFT deliverer's retry intervals (DELIVER-BFT-04). */
  private static final Duration BFT_MIN_RETRY = Duration.ofMillis(50);
  private static final Duration BFT_MAX_RETRY = Duration.ofSeconds(10);
  /** A v3 peer's censorship timeout when {@code blockCensorshipTimeoutKey} is unset. */
  public static final Duration DEFAULT_CENSORSHIP_TIMEOUT = Duration.ofSeconds(30);

  private final String channelId;
  private final ConnectionOptions connection;
  private final DeliverService service;
  private final SignedEnvelopes envelopes;
  private final Optional<byte[]> anchor;
  private final OptionalLong until;
  private final List<FollowListener> listeners;
  private final ReloadingChannel channel;
  private final Duration initialBackoff;
  private final Duration maxBackoff;
  private final Duration giveUpAfter;
  private final DeliverySources sources;
  private final Duration censorshipTimeout;
  private final boolean watchHeaders;
  private final Random random;
  private final Clock clock;
  private final CountDownLatch closed = new CountDownLatch(1);
  private final FollowMetrics metrics = new FollowMetrics();
  /** The verified chain: verifier, state, listeners told of each block. */
  private final VerifiedChain chain;

  ChannelFollower(ChannelFollowerBuilder b) {
    this.channelId = b.channelId;
    this.connection = b.connection;
    this.service = b.service;
    this.envelopes = new SignedEnvelopes(b.signer, new SecureRandom());
    this.anchor = b.anchor;
    this.until = b.until;
    this.listeners = new CopyOnWriteArrayList<>(b.listeners);
    this.channel = b.channel != null ? b.channel
        : ReloadingChannel.builder(b.channelId).options(b.channelOptions).build();
    this.initialBackoff = b.initialBackoff;
    this.maxBackoff = b.maxBackoff;
    this.giveUpAfter = b.giveUpAfter;
    this.sources = new DeliverySources(b.connection,
        b.configEndpoints && b.service == DeliverService.ORDERER);
    this.censorshipTimeout = b.censorshipTimeout;
    this.watchHeaders = b.watchHeaders;
    this.random = b.random;
    this.clock = b.clock;
    this.chain = new VerifiedChain(b.channelId, channel, b.store, listeners, metrics, clock,
        b.channelOptions, config -> service == DeliverService.ORDERER
            && (watchHeaders || sources.bft(config)));
  }

  /**
   * A builder.
   *
   * @param channelId the channel to follow
   * @param connection the endpoints and TLS settings
   * @param signer the identity that signs the seek requests; it must be a reader of the channel
   *     ({@code /Channel/Readers} at an orderer, the peer's {@code BlockEvent} ACL at a peer)
   */
  public static ChannelFollowerBuilder builder(String channelId, ConnectionOptions connection,
      SigningIdentity signer) {
    return new ChannelFollowerBuilder(channelId, connection, signer);
  }

  /** The ID of the channel followed. */
  public String channelId() {
    return channelId;
  }

  /** The channel whose configuration the follower keeps current. */
  public ReloadingChannel channel() {
    return channel;
  }

  /** The state the follower stands at, empty before it was anchored. */
  public Optional<FollowState> state() {
    return chain.state();
  }

  /** What the follower has done: source, last block, headers seen, suspicions (any thread). */
  public FollowMetrics metrics() {
    return metrics;
  }

  /**
   * Adds a listener after the follower was built (a metrics binder, say): told of what the
   * follower does from then on, on the follower's thread, as those given to the builder are.
   */
  public void addListener(FollowListener listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
  }

  /** Removes a listener added before (by the builder or {@link #addListener}). */
  public void removeListener(FollowListener listener) {
    listeners.remove(listener);
  }

  /**
   * Follows until the last block asked for is verified, a block is refused, every endpoint fails
   * for good, or {@link #close()} is called; on the calling thread.
   *
   * @throws BlockRefusedException when the trust anchor or the saved state cannot anchor the
   *     channel (DELIVER-01)
   * @throws NetworkException of kind CONFIGURATION when the state file cannot be read or written
   */
  public FollowOutcome run() {
    chain.start(anchor);
    SourceSchedule<Source> cft = SourceSchedule.inOrder(initialBackoff, maxBackoff);
    SourceSchedule<Source> bft = SourceSchedule.bft(BFT_MIN_RETRY, BFT_MAX_RETRY, random);
    int permanentInARow = 0;
    int refusedInARow = 0;
    Instant progress = clock.instant();
    NetworkException last = null;
    while (closed.getCount() > 0) {
      if (reachedUntil()) {
        return outcome(FollowOutcome.Status.UNTIL_REACHED, null, null);
      }
      boolean bftMode = bftChannel();
      SourceSchedule<Source> schedule = bftMode ? bft : cft;
      schedule.refresh(sources(bftMode));
      Source source = schedule.current();
      Attempt a = follow(source, bftMode, schedule);
      if (a.progressed) {
        progress = clock.instant();
        schedule.progressed();
        permanentInARow = 0;
        refusedInARow = 0;
      }
      if (a.refusal != null && !bftMode) {
        return outcome(FollowOutcome.Status.REFUSED, a.refusal, null);
      }
      if (a.refusal != null && ++refusedInARow >= schedule.sources().size()) {
        // Every orderer in turn sent a block the follower refuses: not one faulty orderer.
        BlockRefusedException r = a.refusal;
        for (FollowListener l : listeners) {
          safely(() -> l.refused(r));
        }
        return outcome(FollowOutcome.Status.REFUSED, r, null);
      }
      if (a.failure == null) {
        continue; // the last block asked for came, the sources changed, or the follower closed
      }
      last = a.failure;
      permanentInARow = a.failure.kind().isTransient() ? 0 : permanentInARow + 1;
      if (permanentInARow >= schedule.sources().size()) {
        return outcome(FollowOutcome.Status.GAVE_UP, null, a.failure);
      }
      Duration delay = schedule.failed();
      if (Duration.between(progress, clock.instant()).plus(delay).compareTo(giveUpAfter) > 0) {
        return outcome(FollowOutcome.Status.GAVE_UP, null, new NetworkException(last.kind(),
            last.endpoint(), "no endpoint served the channel within " + giveUpAfter + "; the last"
                + " failure: " + last.getMessage(), last));
      }
      for (FollowListener l : listeners) {
        safely(() -> l.disconnected(source.endpoint(), a.failure, delay));
      }
      if (await(delay)) {
        break;
      }
    }
    return outcome(FollowOutcome.Status.CLOSED, null, null);
  }

  private boolean reachedUntil() {
    OptionalLong last = chain.lastNumber();
    return until.isPresent() && last.isPresent()
        && Long.compareUnsigned(last.getAsLong(), until.getAsLong()) >= 0;
  }

  /** Whether the configuration in force orders blocks with SmartBFT (DELIVER-BFT-01). */
  private boolean bftChannel() {
    return sources.bft(chain.config());
  }

  private List<Source> sources(boolean bftMode) {
    return sources.sources(chain.config(), bftMode);
  }

  /** One connection to a block source: what it did. */
  private static final class Attempt {
    boolean progressed;
    NetworkException failure;
    BlockRefusedException refusal;
  }

  private Attempt follow(Source source, boolean bftMode, SourceSchedule<Source> schedule) {
    Attempt a = new Attempt();
    Endpoint endpoint = source.endpoint();
    ConnectionOptions options = sources.connectionFor(source);
    ManagedChannel grpc;
    try {
      grpc = GrpcChannels.open(endpoint, options);
    } catch (NetworkException e) {
      a.failure = e;
      return a;
    }
    DeliverStream stream = null;
    CensorshipMonitor monitor = null;
    try {
      boolean ready = GrpcChannels.awaitReady(grpc, options.connectTimeout(), closed);
      long start = chain.lastNumber().isEmpty() ? 0 : chain.lastNumber().getAsLong() + 1;
      long stop = until.orElse(SignedEnvelopes.NEWEST_POSSIBLE);
      Envelope seek = envelopes.seek(channelId, start, stop, options.clientCertificateHash(),
          clock.instant());
      stream = DeliverStream.open(grpc, service, seek);
      metrics.source(endpoint);
      if (ready) {
        for (FollowListener l : listeners) {
          safely(() -> l.connected(endpoint, service));
        }
      }
      monitor = monitorFor(bftMode, schedule);
      Duration poll = monitor == null ? POLL : min(POLL, monitor.tickInterval());
      Instant nextTick = clock.instant();
      boolean answered = false;
      while (closed.getCount() > 0) {
        DeliverStream.Answer answer = stream.next(poll);
        if (monitor != null) {
          Instant now = clock.instant();
          monitor.drain(now);
          if (!now.isBefore(nextTick)) {
            nextTick = now.plus(monitor.tickInterval());
            Optional<CensorshipMonitor.Censorship> c = monitor.tick(now, chain.progress());
            metrics.headerStreams(monitor.streamsUp());
            if (c.isPresent()) {
              a.failure = censored(endpoint, c.get(), schedule);
              return a;
            }
          }
        }
        if (answer == null) {
          continue;
        }
        if (answer instanceof DeliverStream.BlockAnswer b) {
          answered = true;
          boolean wasBft = bftMode;
          a.refusal = chain.accept(b.block(), endpoint, bftMode);
          if (a.refusal != null) {
            if (bftMode) {
              a.failure = new NetworkException(NetworkException.Kind.REFUSED, endpoint.toString(),
                  endpoint + " sent a block the follower refuses: "
                      + a.refusal.getMessage(), a.refusal);
            }
            return a;
          }
          a.progressed = true;
          if (reachedUntil()) {
            return a;
          }
          if (ConfigBlocks.holdsConfig(b.block())
              && (bftChannel() != wasBft || !schedule.holds(sources(bftChannel())))) {
            return a; // the next block comes from the sources of the new configuration
          }
        } else if (answer instanceof DeliverStream.StatusAnswer s) {
          a.failure = DeliverStatuses.failure(endpoint, s.status());
          return a;
        } else if (answer instanceof DeliverStream.Failed f) {
          a.failure = GrpcChannels.classify(endpoint, f.cause(), answered);
          return a;
        } else if (answer instanceof DeliverStream.OtherAnswer o) {
          a.failure = new NetworkException(NetworkException.Kind.REFUSED, endpoint.toString(),
              endpoint + " sent " + o.what() + " instead of a block", null);
          return a;
        } else {
          a.failure = new NetworkException(NetworkException.Kind.UNAVAILABLE, endpoint.toString(),
              endpoint + " ended the stream without a status", null);
          return a;
        }
      }
      return a;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closed.countDown();
      return a;
    } finally {
      if (monitor != null) {
        monitor.close();
        metrics.headerStreams(0);
      }
      if (stream != null) {
        stream.close();
      }
      grpc.shutdownNow();
    }
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  /**
   * A monitor of the other sources' header streams: always on a BFT channel, and on request
   * ({@link ChannelFollowerBuilder#watchHeaders}) on others with more than one source; null
   * otherwise.
   */
  private CensorshipMonitor monitorFor(boolean bftMode, SourceSchedule<Source> schedule) {
    if (chain.config() == null || service != DeliverService.ORDERER
        || !(bftMode || watchHeaders) || schedule.sources().size() < 2) {
      return null;
    }
    List<Source> others = new ArrayList<>(schedule.sources());
    others.remove(schedule.index());
    return new CensorshipMonitor(others, censorshipTimeout, BFT_MIN_RETRY, BFT_MAX_RETRY,
        this::openHeaders, metrics::suspicion);
  }

  private HeaderReceiver openHeaders(Source source, long start, HeaderVerifier headerVerifier,
      Optional<HeaderReceiver> previous) {
    ConnectionOptions options = sources.connectionFor(source);
    ManagedChannel grpc = GrpcChannels.open(source.endpoint(), options);
    Envelope seek = envelopes.seekHeaders(channelId, start, options.clientCertificateHash(),
        clock.instant());
    Endpoint e = source.endpoint();
    return HeaderReceiver.open(e, grpc, seek, headerVerifier, previous, metrics.headerCounter(e));
  }

  private NetworkException censored(Endpoint source, CensorshipMonitor.Censorship c,
      SourceSchedule<Source> schedule) {
    metrics.censorship();
    CensorshipEvent event = new CensorshipEvent(source, c.header(), c.lastBlock(), c.suspectedAt(),
        schedule.following().endpoint());
    LOG.warn("{} withheld blocks: header {} was verified from other orderers at {}, the last"
        + " block is {}; switching to {}", source, c.header(), c.suspectedAt(), c.lastBlock(),
        event.switchedTo());
    for (FollowListener l : listeners) {
      safely(() -> l.censorship(event));
    }
    return new NetworkException(NetworkException.Kind.CENSORED, source.toString(), source
        + " withheld block " + Long.toUnsignedString(c.lastBlock() + 1) + " for the censorship"
        + " timeout (" + censorshipTimeout + ") while other orderers' signed headers reached "
        + Long.toUnsignedString(c.header()) + " (DELIVER-BFT-03)", null);
  }

  private boolean await(Duration delay) {
    try {
      return closed.await(delay.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closed.countDown();
      return true;
    }
  }

  private FollowOutcome outcome(FollowOutcome.Status status, BlockRefusedException refusal,
      NetworkException failure) {
    OptionalLong last = chain.lastNumber();
    return new FollowOutcome(status,
        last.isPresent() ? Optional.of(last.getAsLong()) : Optional.empty(),
        Optional.ofNullable(refusal), Optional.ofNullable(failure));
  }

  static void safely(Runnable r) {
    try {
      r.run();
    } catch (RuntimeException e) {
      LOG.warn("a follow listener failed: {}", e.toString());
    }
  }

  /**
   * Stops {@link #run()} from another thread: it returns {@link FollowOutcome.Status#CLOSED}
   * within a fraction of a second. The state was saved after the last verified block.
   */
  @Override
  public void close() {
    closed.countDown();
  }

  @Override
  public String toString() {
    return "ChannelFollower{" + channelId + " from " + service + " " + connection.endpoints() + "}";
  }
}
