package io.msp4j.bench;

import io.msp4j.channel.ReloadingChannel;
import io.msp4j.network.BlockStreamVerifier;
import io.msp4j.network.DeliveredBlock;
import io.msp4j.network.TestChain;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.hyperledger.fabric.protos.common.Block;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A follower's verification of a block stream ({@link FollowStream}: 1,000 blocks of 100
 * transactions), as a deliver client verifies it (DELIVER-02..06): one operation is the whole
 * stream, from a verifier anchored on the genesis block (anchoring is set up outside the timing, as
 * Fabric's timer does). Blocks are already decoded, as they arrive from gRPC.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class FollowBench {
  private List<Block> blocks;
  private BlockStreamVerifier verifier;

  @Setup(Level.Trial)
  public void load() {
    blocks = FollowStream.blocks();
  }

  @Setup(Level.Invocation)
  public void anchor() {
    verifier = BlockStreamVerifier.anchor(TestChain.CHANNEL, blocks.get(0).toByteArray(),
        ReloadingChannel.builder("bench").build()).verifier();
  }

  @Benchmark
  public void verifyStream(Blackhole bh) {
    for (int i = 1; i < blocks.size(); i++) {
      DeliveredBlock d = verifier.verify(blocks.get(i));
      bh.consume(d);
    }
  }
}
