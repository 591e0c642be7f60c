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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Validation of a new root-issued identity with a CRL of {@code crlSize} entries from the
 * identity's issuer: the cost must not grow with the CRL, in the mean or in the tail.
 *
 * <p>Sample-time mode, so that p99 and p99.9 are reported. Building a million-entry CRL leaves
 * hundreds of megabytes of garbage behind; the set-up ends with full collections so that the
 * measurement sees only what validation itself allocates, and pauses (with {@code -prof gc})
 * belong to the product, not to the fixture.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@State(Scope.Benchmark)
public class CrlBench {
  @Param({"0", "1000", "1000000"})
  public int crlSize;

  Fixtures fixtures;
  int next;

  @Setup(Level.Trial)
  public void setUp() {
    fixtures = Fixtures.build(false, crlSize, 512);
    Fixtures.collectSetUpGarbage();
  }

  @Benchmark
  public Identity validate() {
    return ValidateBench.validateNext(fixtures, next++);
  }
}
