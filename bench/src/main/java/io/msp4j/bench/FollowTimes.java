package io.msp4j.bench;

import io.msp4j.channel.ReloadingChannel;
import io.msp4j.network.BlockStreamVerifier;
import io.msp4j.network.TestChain;
import java.util.List;
import java.util.Locale;
import org.hyperledger.fabric.protos.common.Block;

/**
 * Wall and process CPU time of a follower verifying the {@link FollowStream} (1,000 blocks of 100
 * transactions after the genesis block), the same work {@link FollowBench} times, in the form
 * Fabric's deliver-client timer prints, for a comparison on a loaded machine. Each run anchors a
 * new verifier (about a millisecond, included) and verifies the stream.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.FollowTimes [SECONDS]</pre>
 */
public final class FollowTimes {
  private FollowTimes() {}

  public static void main(String[] args) {
    double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 20;
    List<Block> blocks = FollowStream.blocks();
    byte[] anchor = blocks.get(0).toByteArray();
    WallAndCpuTimes t = WallAndCpuTimes.measure(seconds, () -> {
      BlockStreamVerifier v = BlockStreamVerifier.anchor(TestChain.CHANNEL, anchor,
          ReloadingChannel.builder("times").build()).verifier();
      for (int i = 1; i < blocks.size(); i++) {
        v.verify(blocks.get(i));
      }
    });
    int n = blocks.size() - 1;
    System.out.printf(Locale.ROOT, "%d runs of %d blocks: median %.1f ms (%.0f blocks/s), min %.1f ms,"
            + " process CPU %.1f ms per run (%.0f blocks/s of CPU)%n", t.runs(), n,
        t.medianMillis(), n / t.medianMillis() * 1000, t.minMillis(), t.cpuMillisPerRun(),
        n / t.cpuMillisPerRun() * 1000);
  }
}
