package io.msp4j.bench;

import io.msp4j.core.Identity;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
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
 *
 * <p>{@link #controlOneThread} and {@link #controlTwoThreads} hash 4 KiB with SHA-256 and share
 * nothing: their ratio is what this machine gives two busy threads at best (virtual CPUs, other
 * processes, the JVM's own threads), the ceiling to read the validation ratio against.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 10, time = 2)
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

  /** Each thread's own digest and input, for the control. */
  @State(Scope.Thread)
  public static class Hashing {
    MessageDigest sha256;
    byte[] input = new byte[4096];

    @Setup(Level.Trial)
    public void setUp() throws NoSuchAlgorithmException {
      sha256 = MessageDigest.getInstance("SHA-256");
      Arrays.fill(input, (byte) 7);
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

  @Benchmark
  @Threads(1)
  public byte[] controlOneThread(Hashing h) {
    return h.sha256.digest(h.input);
  }

  @Benchmark
  @Threads(2)
  public byte[] controlTwoThreads(Hashing h) {
    return h.sha256.digest(h.input);
  }
}
