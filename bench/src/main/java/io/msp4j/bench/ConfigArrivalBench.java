package io.msp4j.bench;

import io.msp4j.channel.ReloadingChannel;
import io.msp4j.network.BlockStreamVerifier;
import io.msp4j.network.DeliveredBlock;
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
 * From a config block's arrival to the new channel generation serving: the block verified
 * (DELIVER-02..05), its configuration decoded, every org MSP set up, the policy tree built and
 * swapped into the {@link ReloadingChannel} (DELIVER-06). One operation is one config block, on a
 * follower anchored (outside the timing) on the channel's genesis block.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class ConfigArrivalBench {
  @Param({"10", "100"})
  public int orgs;

  private ConfigArrival arrival;
  private BlockStreamVerifier verifier;

  @Setup(Level.Trial)
  public void fixture() {
    arrival = ConfigArrival.of(orgs);
  }

  @Setup(Level.Invocation)
  public void anchor() {
    verifier = BlockStreamVerifier.anchor(ConfigArrival.CHANNEL, arrival.genesis.toByteArray(),
        ReloadingChannel.builder("bench").build()).verifier();
  }

  @Benchmark
  public DeliveredBlock configBlockToNewGeneration() {
    DeliveredBlock d = verifier.verify(arrival.next);
    if (d.config().orElseThrow().generation() != 2) {
      throw new IllegalStateException("the config block was not applied");
    }
    return d;
  }
}
