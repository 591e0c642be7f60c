package io.msp4j.core.reload;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves one configuration at a time and replaces it atomically: each configuration read from a
 * {@link ConfigSource} is set up completely on the thread that calls {@link #reload()}, then
 * swapped in with one volatile write as the next numbered {@link Generation}. Readers of {@link
 * #current()} take no lock and never see a half-built value; a configuration that fails setup is
 * refused and the previous generation goes on serving.
 *
 * <p>Reloads are serialised; {@link ReloadListener}s and the log (slf4j: info for a swap, warn
 * for a refused configuration) are told of each one that found a new configuration. This is the
 * engine under {@link ReloadingMsp} and the reloading channel. Thread-safe.
 *
 * @param <V> what a configuration is set up into
 */
public final class Reloader<V> {
  private static final Logger LOG = LoggerFactory.getLogger(Reloader.class);

  private final String name;
  private final ConfigSource<V> source;
  private final Clock clock;
  private final List<ReloadListener<? super V>> listeners = new CopyOnWriteArrayList<>();
  private final Object reloadLock = new Object();
  private final Object generationMonitor = new Object();
  private volatile Generation<V> current;
  /**
   * The configuration the current generation was set up from, kept by the reloading thread only
   * (under reloadLock) to compare the next one with; generations do not hold it, so a value kept
   * from an old generation keeps that value alive but not its configuration.
   */
  private Candidate<V> applied;
  /** Whether the last attempt was refused; kept by the reloading thread (under reloadLock). */
  private boolean failing;
  /** The last generation whose listeners have been told; guarded by generationMonitor. */
  private long announced;

  private Reloader(Builder<V> b) {
    this.name = b.name;
    this.source = b.source;
    this.clock = b.clock;
    this.listeners.addAll(b.listeners);
  }

  /**
   * A builder of a reloader reading from {@code source}; {@code name} says what it serves in log
   * lines and messages (such as {@code MSP Org1MSP}).
   */
  public static <V> Builder<V> builder(String name, ConfigSource<V> source) {
    return new Builder<>(name, source);
  }

  /**
   * Reads the source and, when it holds a new configuration, sets it up on the calling thread and
   * swaps it in. Never throws for a bad configuration: a failure is returned, logged and told to
   * the listeners.
   */
  public ReloadResult<V> reload() {
    long started = System.nanoTime();
    synchronized (reloadLock) {
      Generation<V> before = current;
      Candidate<V> candidate;
      V value;
      try {
        candidate = source.read();
        if (applied != null && candidate.sameConfiguration(applied)) {
          if (failing) {
            recover(before);
          }
          return new ReloadResult<>(ReloadResult.Status.UNCHANGED, before, null);
        }
        value = setUp(candidate);
      } catch (MspException e) {
        return refuse(e, before);
      } catch (RuntimeException e) {
        return refuse(new MspException(Reason.INTERNAL_ERROR, "CORE-01",
            "reading or setting up the configuration failed unexpectedly: " + e, e), before);
      }
      if (value == null || !candidate.stillCurrent()) {
        LOG.debug("{}: the configuration changed while it was read; it will be read again", name);
        return new ReloadResult<>(ReloadResult.Status.SUPERSEDED, before, null);
      }
      return apply(candidate, value, before, started);
    }
  }

  /**
   * The value set up from {@code candidate}, or null when setup failed on a configuration that
   * changed while it was read (a half-written folder is not a failure to report).
   */
  private V setUp(Candidate<V> candidate) {
    V value;
    try {
      value = candidate.setUp();
    } catch (MspException e) {
      if (!candidate.stillCurrent()) {
        return null;
      }
      throw e;
    }
    return Objects.requireNonNull(value, "a candidate set up nothing");
  }

  /** Tells that the configuration served is the source's again after refused ones. */
  private void recover(Generation<V> served) {
    failing = false;
    LOG.info("{}: the source holds the served configuration again; generation {} serves on",
        name, served.number());
    for (ReloadListener<? super V> l : listeners) {
      try {
        l.recovered(served);
      } catch (RuntimeException e) {
        LOG.warn("{}: a reload listener failed on a recovery", name, e);
      }
    }
  }

  /** Swaps in the next generation, then tells the log, the listeners and the waiters. */
  private ReloadResult<V> apply(Candidate<V> candidate, V value, Generation<V> before,
      long started) {
    Instant at = clock.instant();
    List<MspChange> changes = describe(candidate);
    Generation<V> next = new Generation<>(before == null ? 1 : before.number() + 1, at, value,
        changes, Duration.ofNanos(System.nanoTime() - started));
    current = next;
    applied = candidate;
    failing = false;
    LOG.info("{}: generation {} applied ({} changes){}", name, next.number(),
        next.changes().size(), summary(next.changes()));
    for (ReloadListener<? super V> l : listeners) {
      try {
        l.reloaded(next);
      } catch (RuntimeException e) {
        LOG.warn("{}: a reload listener failed on generation {}", name, next.number(), e);
      }
    }
    synchronized (generationMonitor) {
      announced = next.number();
      generationMonitor.notifyAll();
    }
    return new ReloadResult<>(ReloadResult.Status.APPLIED, next, null);
  }

  private List<MspChange> describe(Candidate<V> candidate) {
    try {
      return candidate.changesSince(applied);
    } catch (RuntimeException e) {
      // The value is set up and valid; only the report of what changed is missing.
      return List.of(MspChange.of(MspChange.Kind.OTHER, MspChange.Action.CHANGED,
          "the changes could not be described: " + e));
    }
  }

  private ReloadResult<V> refuse(MspException e, Generation<V> kept) {
    failing = true;
    ReloadFailure failure =
        new ReloadFailure(e, kept == null ? 0 : kept.number(), clock.instant());
    LOG.warn("{}: new configuration refused, generation {} still served: {} [{}] {}",
        name, failure.keptGeneration(), e.reason(), e.rule(), e.detail());
    for (ReloadListener<? super V> l : listeners) {
      try {
        l.reloadFailed(failure);
      } catch (RuntimeException ex) {
        LOG.warn("{}: a reload listener failed on a refused configuration", name, ex);
      }
    }
    return new ReloadResult<>(ReloadResult.Status.FAILED, kept, failure);
  }

  private static String summary(List<MspChange> changes) {
    StringBuilder sb = new StringBuilder();
    for (MspChange c : changes) {
      sb.append("; ").append(c);
    }
    return sb.toString();
  }

  /** What this reloader serves, as log lines name it. */
  public String name() {
    return name;
  }

  /** Adds a listener, told of every later reload that finds a new configuration. */
  public void addListener(ReloadListener<? super V> listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
  }

  /** Removes a listener added before. */
  public void removeListener(ReloadListener<? super V> listener) {
    listeners.remove(listener);
  }

  /** The generation served now, empty before the first configuration was applied. */
  public Optional<Generation<V>> current() {
    return Optional.ofNullable(current);
  }

  /** The generation served now, or null before the first: the hot path's one volatile read. */
  Generation<V> currentOrNull() {
    return current;
  }

  /** The number of the generation served now, 0 before the first configuration was applied. */
  public long generation() {
    Generation<V> g = current;
    return g == null ? 0 : g.number();
  }

  /**
   * Waits until generation {@code number} or a later one is served and the listeners have been
   * told of it: for tests, and for services that must not start before their first
   * configuration.
   *
   * @return the generation served when it returns
   * @throws TimeoutException when {@code timeout} passes first
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public Generation<V> awaitGeneration(long number, Duration timeout)
      throws InterruptedException, TimeoutException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (generationMonitor) {
      while (true) {
        if (announced >= number) {
          return current;
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new TimeoutException(
              name + ": generation " + number + " not reached, serving " + generation());
        }
        generationMonitor.wait(Math.max(1, left / 1_000_000));
      }
    }
  }

  @Override
  public String toString() {
    return "Reloader{" + name + ", generation " + generation() + "}";
  }

  /** Builds a {@link Reloader}. */
  public static final class Builder<V> {
    private final String name;
    private final ConfigSource<V> source;
    private Clock clock = Clock.systemUTC();
    private final List<ReloadListener<? super V>> listeners = new ArrayList<>();

    private Builder(String name, ConfigSource<V> source) {
      this.name = Objects.requireNonNull(name, "name");
      this.source = Objects.requireNonNull(source, "source");
    }

    /** The clock that stamps generations and failures (default: the system clock, UTC). */
    public Builder<V> clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    /** Adds a listener from the start, so that it is told of the first configuration too. */
    public Builder<V> listener(ReloadListener<? super V> listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /** The reloader, serving nothing until its first successful {@link #reload()}. */
    public Reloader<V> build() {
      return new Reloader<>(this);
    }
  }
}
