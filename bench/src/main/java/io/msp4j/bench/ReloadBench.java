package io.msp4j.bench;

import io.msp4j.config.MspFolderWatcher;
import io.msp4j.core.Msp;
import io.msp4j.core.Identity;
import io.msp4j.core.reload.ReloadResult;
import io.msp4j.core.reload.ReloadingMsp;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A new identity validated through a {@link ReloadingMsp} kept by a folder watcher: steady, and
 * while a background thread changes the folder and reloads it every 100 ms (back to back when a
 * reload takes longer). {@code crlSize} is the size of the CRL every reload sets up.
 *
 * <p>Sample-time mode, for the tail: a reload must not slow the callers down, at p99 included.
 * Each trial ends with the number of reloads and their mean set-up time on standard output.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
public class ReloadBench {

  /** The folder, its watcher and the identities, without reloads. */
  @State(Scope.Benchmark)
  public static class Steady {
    @Param({"0", "1000000"})
    public int crlSize;

    ReloadFixture fixture;
    MspFolderWatcher watcher;
    ReloadingMsp msp;
    int next;

    @Setup(Level.Trial)
    public void setUp() {
      fixture = new ReloadFixture(crlSize);
      watcher = fixture.watch();
      msp = watcher.msp();
      Fixtures.collectSetUpGarbage();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      watcher.close();
      fixture.close();
    }

    Identity validateNext() {
      Identity id = msp.deserialize(fixture.identities.get(next++ & (ReloadFixture.IDENTITIES - 1)));
      msp.validate(id);
      return id;
    }
  }

  /** The same, with the folder changed and reloaded every 100 ms on a background thread. */
  @State(Scope.Benchmark)
  public static class DuringReloads {
    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    @Param({"0", "1000000"})
    public int crlSize;

    final Steady steady = new Steady();
    private Thread reloader;
    private volatile boolean stop;
    private long reloads;
    private long reloadNanos;
    private long failures;

    @Setup(Level.Trial)
    public void setUp() {
      steady.crlSize = crlSize;
      steady.setUp();
      reloader = new Thread(this::reloadEvery100Ms, "bench-reloader");
      reloader.setDaemon(true);
      reloader.start();
    }

    private void reloadEvery100Ms() {
      int k = 1;
      while (!stop) {
        long start = System.nanoTime();
        steady.fixture.change(k++);
        ReloadResult<Msp> r = steady.watcher.reloadNow();
        reloadNanos += System.nanoTime() - start;
        reloads++;
        if (r.status() != ReloadResult.Status.APPLIED) {
          failures++;
        }
        long left = start + PERIOD_NANOS - System.nanoTime();
        if (left > 0) {
          LockSupport.parkNanos(left);
        }
      }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
      stop = true;
      reloader.join();
      System.out.printf("%n[reloads] crlSize=%d: %d reloads (%d not applied), mean write+reload %.1f ms,"
          + " generation %d%n", crlSize, reloads, failures, reloadNanos / 1e6 / Math.max(1, reloads),
          steady.msp.generation());
      steady.tearDown();
    }
  }

  @Benchmark
  public Identity validateSteady(Steady s) {
    return s.validateNext();
  }

  @Benchmark
  public Identity validateDuringReloads(DuringReloads s) {
    return s.steady.validateNext();
  }
}
