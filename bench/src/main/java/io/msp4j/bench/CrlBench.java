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
 * identity's issuer: the cost must not grow with the CRL.
 */
@BenchmarkMode(Mode.AverageTime)
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
  }

  @Benchmark
  public Identity validate() {
    return ValidateBench.validateNext(fixtures, next++);
  }
}
