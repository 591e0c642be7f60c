package io.msp4j.config;

import io.msp4j.config.internal.FolderMspSource;
import io.msp4j.config.internal.FolderStamp;
import io.msp4j.config.internal.FolderWatch;
import io.msp4j.config.internal.SettleTracker;
import io.msp4j.core.Msp;
import io.msp4j.core.MspVersion;
import io.msp4j.core.reload.ReloadListener;
import io.msp4j.core.reload.ReloadResult;
import io.msp4j.core.reload.ReloadingMsp;
import io.msp4j.x509.SetupOptions;
import io.msp4j.x509.SigningKeyStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a {@link ReloadingMsp} in step with an {@code mspconfig} folder, so that a new CRL, CA,
 * admin, config.yaml or signing identity is served without restarting the process.
 *
 * <pre>{@code
 * MspFolderWatcher watcher = MspFolderWatcher.builder(Path.of("msp"), "Org1MSP")
 *     .local(true)                         // signcerts + keystore too
 *     .listener(myListener)                // told of each swap and each refused configuration
 *     .start();                            // reads the folder now; throws if it cannot be set up
 * Msp msp = watcher.msp();                 // hold this instead of a fixed MSP
 * ...
 * watcher.close();                         // stops watching; the MSP keeps its last generation
 * }</pre>
 *
 * <p><b>Noticing a change.</b> The folder and every directory reached from it (links followed,
 * so a Kubernetes mount's timestamped directories behind {@code ..data} are seen) are watched
 * with the platform's {@link java.nio.file.WatchService}, and stamped: every entry's type, size,
 * modification time, file key and link target. An event or a changed stamp starts the settle
 * window; what is then read is compared with the configuration served, so an event for nothing
 * that matters swaps nothing. The stamp is also taken every {@linkplain Builder#pollInterval poll
 * interval}, which catches what events miss (network file systems, a replaced folder) and is all
 * there is when the platform has no watch service or {@linkplain Builder#forcePolling polling is
 * forced}.
 *
 * <p><b>Settling.</b> A change is read once the stamp has not changed for the {@linkplain
 * Builder#settleWindow settle window} ({@value #DEFAULT_SETTLE_MILLIS} ms by default): files
 * written in several steps, an editor's temporary file renamed over the original, a Kubernetes
 * symlink swap each end up read once, complete. A reading during which the folder changed again
 * is dropped (neither applied nor reported) and read again once the folder settles.
 *
 * <p><b>Applying.</b> The folder is read and the MSP set up on the watcher's own thread (from an
 * injectable {@link ThreadFactory}); the reloading MSP swaps it in atomically. Same configuration
 * bytes and key store content: no swap. A configuration that cannot be set up is refused, the
 * previous one goes on serving, and listeners and the log hear why (file and rule).
 *
 * <p>For tests and for embedders with their own scheduling, {@link Builder#manual()} starts no
 * thread: {@link #checkNow()} then does one step of the above on the caller's thread, with the
 * times of an injectable {@linkplain Builder#ticker ticker}.
 */
public final class MspFolderWatcher implements AutoCloseable {
  /** The default settle window, in milliseconds. */
  public static final long DEFAULT_SETTLE_MILLIS = 200;
  /** The default poll interval, in milliseconds. */
  public static final long DEFAULT_POLL_MILLIS = 1000;
  /** How many times {@link Builder#start()} reads a folder that keeps changing under it. */
  private static final int INITIAL_ATTEMPTS = 50;

  private static final Logger LOG = LoggerFactory.getLogger(MspFolderWatcher.class);

  private final Path dir;
  private final boolean local;
  private final ReloadingMsp msp;
  private final FolderMspSource source;
  private final LongSupplier ticker;
  private final long pollNanos;
  private final Object checkLock = new Object();
  private final SettleTracker tracker;
  private final FolderWatch watch;
  private final Thread thread;
  private volatile boolean closed;

  private MspFolderWatcher(Builder b, ReloadingMsp msp, FolderMspSource source,
      SettleTracker tracker, FolderWatch watch) {
    this.dir = b.dir;
    this.local = b.local;
    this.msp = msp;
    this.source = source;
    this.ticker = b.ticker;
    this.pollNanos = b.pollInterval.toNanos();
    this.tracker = tracker;
    this.watch = watch;
    this.thread = b.manual ? null : b.threadFactory.newThread(this::run);
  }

  /** A builder for watching {@code dir} as the MSP {@code mspId}. */
  public static Builder builder(Path dir, String mspId) {
    return new Builder(dir, mspId);
  }

  /** The reloading MSP this watcher keeps up to date. */
  public ReloadingMsp msp() {
    return msp;
  }

  /** The folder watched. */
  public Path dir() {
    return dir;
  }

  /**
   * Whether the folder is read as a local MSP ({@code signcerts} and {@code keystore} too, see
   * {@link MspFolders#readLocal}) or as a verifying one ({@link MspFolders#readVerifying}).
   */
  public boolean isLocal() {
    return local;
  }

  /** Whether file-system events wake the watcher (false: it polls only). */
  public boolean usesEvents() {
    return watch != null;
  }

  /**
   * One step of watching, now, on the calling thread: stamps the folder and, when it changed and
   * has since been quiet for the settle window, reads and applies it.
   *
   * @return what the reload did, or empty when nothing was due (no change, or still settling)
   */
  public Optional<ReloadResult<Msp>> checkNow() {
    return step(false);
  }

  private Optional<ReloadResult<Msp>> step(boolean eventHeard) {
    synchronized (checkLock) {
      FolderStamp stamp = stamp();
      long now = ticker.getAsLong();
      if (eventHeard) {
        tracker.signalled(now);
      }
      if (!tracker.observe(stamp, now)) {
        return Optional.empty();
      }
      source.expect(stamp);
      try {
        return Optional.of(afterRead(msp.reload()));
      } finally {
        source.expect(null); // a reload() called on the MSP directly reads whatever is there
      }
    }
  }

  /**
   * Reads and applies the folder now, without waiting for it to settle: for an operator's "reload"
   * signal, or a caller that knows the folder is complete. A reading during which the folder
   * changed is still dropped.
   */
  public ReloadResult<Msp> reloadNow() {
    synchronized (checkLock) {
      tracker.observe(stamp(), ticker.getAsLong());
      source.expect(null);
      return afterRead(msp.reload());
    }
  }

  private FolderStamp stamp() {
    FolderStamp stamp = FolderStamp.of(dir);
    if (watch != null && !watch.watch(stamp.directories())) {
      LOG.debug("MSP folder {}: a directory could not be watched; polling covers it", dir);
    }
    return stamp;
  }

  private ReloadResult<Msp> afterRead(ReloadResult<Msp> r) {
    if (r.status() == ReloadResult.Status.SUPERSEDED) {
      tracker.changedWhileRead(ticker.getAsLong());
    } else {
      tracker.read();
    }
    return r;
  }

  private void run() {
    while (!closed) {
      try {
        long wait;
        synchronized (checkLock) {
          wait = tracker.pending() ? tracker.dueAt() - ticker.getAsLong() : pollNanos;
        }
        wait = Math.max(0, Math.min(wait, pollNanos));
        boolean heard = false;
        if (watch != null) {
          heard = watch.await(wait);
        } else if (wait > 0) {
          LockSupport.parkNanos(this, wait);
        }
        if (!closed) {
          step(heard);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      } catch (RuntimeException e) {
        // A bug, not a bad folder (those are refused inside reload): keep watching.
        LOG.warn("MSP folder {}: watching step failed; retrying in {} ms", dir, pollNanos / 1_000_000, e);
        LockSupport.parkNanos(this, pollNanos);
      }
    }
  }

  /**
   * Stops watching and waits for a reload in progress to end. The MSP keeps serving its last
   * generation.
   */
  @Override
  public void close() {
    closed = true;
    if (watch != null) {
      watch.close();
    }
    if (thread != null && thread != Thread.currentThread()) {
      LockSupport.unpark(thread);
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public String toString() {
    return "MspFolderWatcher{" + dir + ", " + msp + (watch != null ? ", events" : ", polling")
        + "}";
  }

  /** Builds and starts an {@link MspFolderWatcher}. */
  public static final class Builder {
    private final Path dir;
    private final String mspId;
    private boolean local;
    private MspVersion version = MspVersion.V3_0;
    private ReadOptions readOptions = ReadOptions.defaults();
    private SetupOptions setupOptions = SetupOptions.defaults();
    private SigningKeyStore keyStore;
    private Duration settleWindow = Duration.ofMillis(DEFAULT_SETTLE_MILLIS);
    private Duration pollInterval = Duration.ofMillis(DEFAULT_POLL_MILLIS);
    private boolean forcePolling;
    private boolean manual;
    private boolean allowInitialFailure;
    private ThreadFactory threadFactory;
    private LongSupplier ticker = System::nanoTime;
    private Clock clock = Clock.systemUTC();
    private int caching = io.msp4j.core.CachingMsp.DEFAULT_CAPACITY;
    private io.msp4j.core.ValidationObserver validationObserver;
    private final List<ReloadListener<? super Msp>> listeners = new ArrayList<>();

    private Builder(Path dir, String mspId) {
      this.dir = Objects.requireNonNull(dir, "dir");
      this.mspId = Objects.requireNonNull(mspId, "mspId");
      this.threadFactory = r -> {
        Thread t = new Thread(r, "msp4j-watch-" + mspId);
        t.setDaemon(true);
        return t;
      };
    }

    /** Reads the folder as a node's local MSP (signcerts and keystore), default false. */
    public Builder local(boolean isLocal) {
      this.local = isLocal;
      return this;
    }

    /** The MSP version to set up at (default 3.0). */
    public Builder version(MspVersion v) {
      this.version = Objects.requireNonNull(v, "version");
      return this;
    }

    /** How the folder is read (file size limit, links outside the folder). */
    public Builder readOptions(ReadOptions options) {
      this.readOptions = Objects.requireNonNull(options, "readOptions");
      return this;
    }

    /**
     * Setup options (clock for the signer's expiry, crypto backend); the key store and file names
     * come from the folder at each reading.
     */
    public Builder setupOptions(SetupOptions options) {
      this.setupOptions = Objects.requireNonNull(options, "setupOptions");
      return this;
    }

    /**
     * For a local MSP: look the signing key up in {@code store} (a {@code Pkcs11Token}'s key store,
     * spec P11-02) instead of the folder's {@code keystore}. The store, and so the token's logged-in
     * sessions, is kept across reloads; a rotated signing certificate's key is looked up by its SKI.
     */
    public Builder keyStore(SigningKeyStore store) {
      this.keyStore = Objects.requireNonNull(store, "store");
      return this;
    }

    /**
     * How long the folder must stay unchanged before a change is read (default {@value
     * MspFolderWatcher#DEFAULT_SETTLE_MILLIS} ms). Zero reads at the first sight of a change.
     */
    public Builder settleWindow(Duration window) {
      if (window.isNegative()) {
        throw new IllegalArgumentException("settle window must not be negative: " + window);
      }
      this.settleWindow = window;
      return this;
    }

    /**
     * How often the folder is stamped without an event (default {@value
     * MspFolderWatcher#DEFAULT_POLL_MILLIS} ms): the safety net under events, or the only check
     * when polling.
     */
    public Builder pollInterval(Duration interval) {
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("poll interval must be positive: " + interval);
      }
      this.pollInterval = interval;
      return this;
    }

    /** Polls only, without file-system events (for file systems that do not deliver them). */
    public Builder forcePolling(boolean force) {
      this.forcePolling = force;
      return this;
    }

    /**
     * Starts no thread and opens no watch service: the folder is checked only when {@link
     * #checkNow()} or {@link #reloadNow()} is called.
     */
    public Builder manual() {
      this.manual = true;
      return this;
    }

    /**
     * When true, {@link #start()} returns even if the folder cannot be set up at first: the MSP
     * serves nothing (generation 0, reason {@code MSP_NOT_SET_UP}) until a good configuration
     * appears. Default false: {@link #start()} throws the setup failure.
     */
    public Builder allowInitialFailure(boolean allow) {
      this.allowInitialFailure = allow;
      return this;
    }

    /** Makes the watcher's thread (default: a daemon thread named msp4j-watch-ID). */
    public Builder threadFactory(ThreadFactory factory) {
      this.threadFactory = Objects.requireNonNull(factory, "threadFactory");
      return this;
    }

    /** The source of nanosecond times for settling (default {@link System#nanoTime()}). */
    public Builder ticker(LongSupplier nanoTime) {
      this.ticker = Objects.requireNonNull(nanoTime, "ticker");
      return this;
    }

    /** The clock that stamps generations and failures (default the system clock, UTC). */
    public Builder clock(Clock c) {
      this.clock = Objects.requireNonNull(c, "clock");
      return this;
    }

    /**
     * Cache capacity of each generation's {@link io.msp4j.core.CachingMsp} (default Fabric's
     * 100); 0 turns caching off.
     */
    public Builder caching(int capacity) {
      this.caching = capacity;
      return this;
    }

    /**
     * Tells {@code observer} of each validation the caches of every generation answer (see
     * {@link ReloadingMsp.Builder#validationObserver}); nothing when caching is off.
     */
    public Builder validationObserver(io.msp4j.core.ValidationObserver observer) {
      this.validationObserver = Objects.requireNonNull(observer, "observer");
      return this;
    }

    /** Adds a listener, told of the first configuration too. */
    public Builder listener(ReloadListener<? super Msp> listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Reads and sets up the folder on the calling thread, then starts watching.
     *
     * @throws io.msp4j.core.MspException when the folder cannot be set up and {@link
     *     #allowInitialFailure} is off: the {@link io.msp4j.core.MspSetupException} naming the
     *     file and rule (or, for a bug, one with reason {@code INTERNAL_ERROR})
     */
    public MspFolderWatcher start() {
      FolderMspSource source =
          new FolderMspSource(dir, mspId, local, version, readOptions, setupOptions, keyStore);
      ReloadingMsp.Builder mb = ReloadingMsp.builder(mspId, source).caching(caching).clock(clock);
      listeners.forEach(mb::listener);
      if (validationObserver != null) {
        mb.validationObserver(validationObserver);
      }
      ReloadingMsp msp = mb.build();
      FolderStamp stamp = FolderStamp.of(dir);
      ReloadResult<Msp> first = null;
      for (int i = 0; i < INITIAL_ATTEMPTS; i++) {
        stamp = FolderStamp.of(dir);
        source.expect(null);
        first = msp.reload();
        if (first.status() != ReloadResult.Status.SUPERSEDED) {
          break;
        }
        LockSupport.parkNanos(Math.max(settleWindow.toNanos(), 1_000_000));
      }
      if (first.status() == ReloadResult.Status.FAILED && !allowInitialFailure) {
        throw first.failure().error();
      }
      SettleTracker tracker = new SettleTracker(settleWindow.toNanos(), stamp);
      if (first.status() == ReloadResult.Status.SUPERSEDED) {
        tracker.changedWhileRead(ticker.getAsLong());
      }
      FolderWatch watch = manual || forcePolling ? null : FolderWatch.open(dir);
      if (watch != null && !watch.watch(stamp.directories())) {
        LOG.info("MSP folder {}: not every directory can be watched; polling every {} ms covers "
            + "them", dir, pollInterval.toMillis());
      }
      MspFolderWatcher w = new MspFolderWatcher(this, msp, source, tracker, watch);
      if (w.thread != null) {
        LOG.info("MSP {}: watching {} ({}, settle window {} ms)", mspId, dir,
            watch != null ? "file-system events, polling every " + pollInterval.toMillis() + " ms"
                : "polling every " + pollInterval.toMillis() + " ms", settleWindow.toMillis());
        w.thread.start();
      }
      return w;
    }
  }
}
