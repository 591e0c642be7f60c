package io.msp4j.bench;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
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
 * A channel from its config block: block bytes to a usable channel (every org MSP set up, the MSP
 * manager, every policy compiled), as Fabric's {@code channelconfig.NewBundleFromEnvelope} does.
 * {@code orgs} application orgs, each a cryptogen-style org with NodeOUs (see {@link
 * ChannelBlocks}); {@code parallelism} org MSPs set up at once.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
@State(Scope.Benchmark)
public class ChannelBench {
  @Param({"1", "10", "100", "1000"})
  public int orgs;

  @Param({"1", "2"})
  public int parallelism;

  byte[] block;
  ChannelOptions options;

  @Setup(Level.Trial)
  public void setUp() {
    block = ChannelBlocks.block(orgs);
    options = ChannelOptions.defaults().withParallelism(parallelism);
  }

  @Benchmark
  public Channel setupFromBlock() {
    return Channel.load(block, options);
  }
}
