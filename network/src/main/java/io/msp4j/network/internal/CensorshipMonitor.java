package io.msp4j.network.internal;

import io.msp4j.network.Endpoint;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the other orderers' header streams while blocks come from one of them, and decides, as
 * Fabric v3's BFT censorship monitor does (DELIVER-BFT-03), when the block source is withholding
 * blocks: a verified header ahead of the last block (or any verified header before the first
 * block) raises a suspicion dated at that header's arrival; a block at least as high clears it;
 * a suspicion older than the censorship timeout is censorship.
 *
 * <p>It owns no thread: the follower calls {@link #drain} whenever it has looked at its block
 * stream and {@link #tick} about every timeout/100, as Fabric's monitor wakes. Header receivers
 * that stop are restarted after a backoff that doubles with each stop in a recent window, from
 * the minimum to the maximum retry interval, as Fabric's are. One monitor serves one block
 * source: the follower makes a new one, with new header streams, whenever it changes source.
 */
public final class CensorshipMonitor implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CensorshipMonitor.class);

  /** Opens header streams. */
  public interface Connector {
    /**
     * Opens a receiver of {@code source}'s headers from block {@code start} on, verified by
     * {@code verifier}.
     *
     * @throws RuntimeException (a {@code NetworkException}) when no connection can be set up
     */
    HeaderReceiver open(ConfigEndpoints.Source source, long start, HeaderVerifier verifier,
        Optional<HeaderReceiver> previous);
  }

  /**
   * Where the block stream stands.
   *
   * @param lastNumber the last verified block
   * @param lastBlockTime when a block last arrived in this run; null before the first
   * @param verifier a copy of the block stream's verifier state, for a new header stream
   */
  public record Progress(long lastNumber, Instant lastBlockTime, HeaderVerifier verifier) {}

  /** A censorship the monitor declared: the block source did not deliver {@code header}. */
  public record Censorship(long header, long lastBlock, Instant suspectedAt) {}

  private final List<ConfigEndpoints.Source> others;
  private final Duration timeout;
  private final Backoff backoff;
  private final Duration stopWindow;
  private final Connector connector;
  private final Runnable onSuspicion;
  private final Map<Endpoint, Tracker> trackers = new LinkedHashMap<>();
  private boolean suspicion;
  private long suspicionNumber;
  private Instant suspicionTime;

  /** What the monitor keeps of one header source across its receivers. */
  private static final class Tracker {
    HeaderReceiver receiver;
    final Deque<Instant> stopTimes = new ArrayDeque<>();
    Instant retryDeadline = Instant.MIN;
    int connectFailures;
  }

  /**
   * A monitor of {@code others}' headers (every source but the block source).
   *
   * @param minRetry the first retry interval (Fabric's: 50 ms)
   * @param maxRetry the largest (Fabric's: 10 s)
   * @param onSuspicion run each time a suspicion is raised
   */
  public CensorshipMonitor(List<ConfigEndpoints.Source> others, Duration timeout,
      Duration minRetry, Duration maxRetry, Connector connector, Runnable onSuspicion) {
    this.others = List.copyOf(others);
    this.timeout = timeout;
    this.backoff = new Backoff(minRetry, maxRetry);
    // Long enough that a source failing at the largest interval keeps being retried at it.
    this.stopWindow = maxRetry.multipliedBy(retriesToMax(minRetry, maxRetry) + 1L);
    this.connector = connector;
    this.onSuspicion = onSuspicion;
    for (ConfigEndpoints.Source s : this.others) {
      trackers.put(s.endpoint(), new Tracker());
    }
  }

  private static int retriesToMax(Duration min, Duration max) {
    int n = 0;
    for (long d = min.toNanos(); d < max.toNanos(); d *= 2) {
      n++;
    }
    return n;
  }

  /** How often {@link #tick} should run: timeout/100, as Fabric's monitor wakes. */
  public Duration tickInterval() {
    Duration d = timeout.dividedBy(100);
    return d.isZero() ? Duration.ofMillis(1) : d;
  }

  /** Takes the headers that have arrived on every stream. */
  public void drain(Instant now) {
    for (Tracker t : trackers.values()) {
      if (t.receiver != null) {
        t.receiver.drain(now);
      }
    }
  }

  /**
   * Restarts header streams that are due, then judges the block source.
   *
   * @return the censorship, when the timeout passed on a suspicion
   */
  public Optional<Censorship> tick(Instant now, Progress progress) {
    launch(now, progress);
    return detect(now, progress);
  }

  private void launch(Instant now, Progress progress) {
    for (ConfigEndpoints.Source s : others) {
      Tracker t = trackers.get(s.endpoint());
      HeaderReceiver previous = t.receiver;
      if (previous != null) {
        if (!previous.stopped()) {
          continue;
        }
        prune(t, now.minus(stopWindow));
        Instant stop = previous.errorStopTime();
        if (t.stopTimes.isEmpty() || t.stopTimes.peekLast().isBefore(stop)) {
          t.stopTimes.addLast(stop);
          t.retryDeadline = now.plus(backoff.delay(t.stopTimes.size() - 1));
          LOG.debug("header stream of {} stopped ({}); retry in {}", s.endpoint(),
              previous.stopReason(), Duration.between(now, t.retryDeadline));
        }
      }
      if (t.retryDeadline.isAfter(now)) {
        continue;
      }
      // Headers from the one after the last block, or after the last header of the stream
      // before, whose verifier then goes on where that stream stopped.
      HeaderVerifier verifier = progress.verifier().copy(); // each stream verifies on its own
      if (previous != null && previous.lastHeader().isPresent()) {
        HeaderVerifier ahead = previous.verifierCopy();
        if (Long.compareUnsigned(ahead.lastNumber(), verifier.lastNumber()) > 0) {
          verifier = ahead;
        }
      }
      try {
        t.receiver = connector.open(s, verifier.lastNumber() + 1, verifier,
            Optional.ofNullable(previous));
        t.connectFailures = 0;
        t.retryDeadline = Instant.MIN;
      } catch (RuntimeException e) {
        t.retryDeadline = now.plus(backoff.delay(t.connectFailures++));
        LOG.debug("no header stream to {}: {}", s.endpoint(), e.getMessage());
      }
    }
  }

  private static void prune(Tracker t, Instant olderThan) {
    while (!t.stopTimes.isEmpty() && t.stopTimes.peekFirst().isBefore(olderThan)) {
      t.stopTimes.removeFirst();
    }
  }

  private Optional<Censorship> detect(Instant now, Progress progress) {
    boolean anyBlock = progress.lastBlockTime() != null;
    if (suspicion) {
      if (anyBlock && Long.compareUnsigned(progress.lastNumber(), suspicionNumber) >= 0) {
        suspicion = false;
      } else if (now.isAfter(suspicionTime.plus(timeout))) {
        suspicion = false;
        return Optional.of(new Censorship(suspicionNumber, progress.lastNumber(), suspicionTime));
      } else {
        return Optional.empty();
      }
    }
    long firstNumber = 0;
    Instant firstTime = null;
    for (Tracker t : trackers.values()) {
      if (t.receiver == null || t.receiver.lastHeader().isEmpty()) {
        continue;
      }
      long n = t.receiver.lastHeader().getAsLong();
      if (!anyBlock || Long.compareUnsigned(n, progress.lastNumber()) > 0) {
        Instant at = t.receiver.lastHeaderTime();
        if (firstTime == null || at.isBefore(firstTime)) {
          firstTime = at;
          firstNumber = n;
        }
      }
    }
    if (firstTime != null) {
      suspicion = true;
      suspicionNumber = firstNumber;
      suspicionTime = firstTime;
      onSuspicion.run();
      LOG.debug("headers ahead of the blocks: header {} at {}, last block {}", firstNumber,
          firstTime, progress.lastNumber());
    }
    return Optional.empty();
  }

  /** How many header streams are open now (started and not stopped). */
  public int streamsUp() {
    int up = 0;
    for (Tracker t : trackers.values()) {
      if (t.receiver != null && !t.receiver.stopped()) {
        up++;
      }
    }
    return up;
  }

  /** The pending suspicion's header number, if any. */
  public OptionalLong suspicion() {
    return suspicion ? OptionalLong.of(suspicionNumber) : OptionalLong.empty();
  }

  /** Stops every header stream. */
  @Override
  public void close() {
    for (Tracker t : trackers.values()) {
      if (t.receiver != null) {
        t.receiver.close();
      }
    }
  }
}
