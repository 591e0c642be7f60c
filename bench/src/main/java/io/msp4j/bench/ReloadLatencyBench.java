package io.msp4j.bench;

import io.msp4j.config.MspFolderWatcher;
import io.msp4j.core.Msp;
import io.msp4j.core.reload.Generation;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
 * How long after the last write a change is served, with the watcher's default settings
 * (file-system events, 200 ms settle window): each shot renames a changed file into the folder
 * (in the set-up, not timed) and times the wait until the new generation is served and its
 * listeners told. The settle window is the floor.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 20)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@State(Scope.Benchmark)
public class ReloadLatencyBench {
  @Param({"0", "1000000"})
  public int crlSize;

  ReloadFixture fixture;
  MspFolderWatcher watcher;
  int k;
  long expected;

  @Setup(Level.Trial)
  public void setUp() {
    fixture = new ReloadFixture(crlSize);
    watcher = fixture.watch();
    Fixtures.collectSetUpGarbage();
  }

  @Setup(Level.Invocation)
  public void write() {
    expected = watcher.msp().generation() + 1;
    fixture.change(++k);
  }

  @Benchmark
  public Generation<Msp> changeApplied() throws InterruptedException, TimeoutException {
    return watcher.msp().awaitGeneration(expected, Duration.ofSeconds(60));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    watcher.close();
    fixture.close();
  }
}
