package io.msp4j.bench;

import io.msp4j.core.Identity;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * New-identity validation (root-issued, NodeOUs on) on one MSP shared by one and by two threads,
 * as throughput: two threads should do close to twice the work of one (nothing on the path is
 * locked or contended). Each thread walks the identities from its own starting point.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ScalingBench {

  /** The MSP and identities, shared by all threads. */
  @State(Scope.Benchmark)
  public static class Shared {
    Fixtures fixtures;

    @Setup(Level.Trial)
    public void setUp() {
      fixtures = Fixtures.build(false, 0, 512);
    }
  }

  /** Each thread's position in the identity list. */
  @State(Scope.Thread)
  public static class Cursor {
    int next;

    @Setup(Level.Trial)
    public void setUp() {
      next = (int) (Thread.currentThread().getId() * 257);
    }
  }

  @Benchmark
  @Threads(1)
  public Identity oneThread(Shared s, Cursor c) {
    return ValidateBench.validateNext(s.fixtures, c.next++ & Integer.MAX_VALUE);
  }

  @Benchmark
  @Threads(2)
  public Identity twoThreads(Shared s, Cursor c) {
    return ValidateBench.validateNext(s.fixtures, c.next++ & Integer.MAX_VALUE);
  }
}
