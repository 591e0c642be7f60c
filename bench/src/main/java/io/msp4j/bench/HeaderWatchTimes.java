package io.msp4j.bench;

import io.msp4j.channel.ReloadingChannel;
import io.msp4j.network.BftTestChain;
import io.msp4j.network.BlockStreamVerifier;
import io.msp4j.network.HeaderWatch;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.hyperledger.fabric.protos.common.Block;

/**
 * The work {@link HeaderWatchBench} times, as pairs in one process: each pair verifies the
 * {@link BftHeaderStream} once as a follower that watches nothing and once as the BFT follower
 * does (its blocks and the three other orderers' headers), in alternating order, and takes the
 * thread's CPU time of each. The ratio of each pair is what watching costs under the same
 * conditions, which separate benchmark forks on a noisy two-core machine do not give; the
 * median and the tails of those ratios are printed. Each side anchors each run on a channel it
 * keeps loaded, as a follower keeps its channel.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.HeaderWatchTimes SHAPE [PAIRS]</pre>
 */
public final class HeaderWatchTimes {
  private HeaderWatchTimes() {}

  public static void main(String[] args) {
    String shape = args.length > 0 ? args[0] : "mixed";
    int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 200;
    BftHeaderStream stream = BftHeaderStream.generate(shape);
    // Each side keeps its channel loaded between runs, as a follower does: a run then costs what
    // a follower's blocks cost once it is going, not the first meeting of each orderer identity.
    ReloadingChannel plainChannel = ReloadingChannel.builder("plain").build();
    ReloadingChannel watchingChannel = ReloadingChannel.builder("watching").build();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    for (int i = 0; i < pairs / 2; i++) { // warm-up, not counted
      blocksOnly(stream, plainChannel);
      blocksAndHeaders(stream, watchingChannel);
    }
    double[] plain = new double[pairs];
    double[] watched = new double[pairs];
    double[] ratio = new double[pairs];
    for (int i = 0; i < pairs; i++) {
      boolean plainFirst = i % 2 == 0;
      for (int k = 0; k < 2; k++) {
        boolean plainNow = (k == 0) == plainFirst;
        long t = threads.getCurrentThreadCpuTime();
        if (plainNow) {
          blocksOnly(stream, plainChannel);
          plain[i] = (threads.getCurrentThreadCpuTime() - t) / 1e6;
        } else {
          blocksAndHeaders(stream, watchingChannel);
          watched[i] = (threads.getCurrentThreadCpuTime() - t) / 1e6;
        }
      }
      ratio[i] = watched[i] / plain[i];
    }
    Arrays.sort(plain);
    Arrays.sort(watched);
    Arrays.sort(ratio);
    System.out.printf(Locale.ROOT, "%s, %d pairs of %d blocks: blocksOnly median %.1f ms CPU,"
            + " blocksAndHeaders median %.1f ms CPU; extra CPU per pair: median %+.1f%%,"
            + " p10 %+.1f%%, p90 %+.1f%%, p99 %+.1f%%%n", shape, pairs, stream.blocks.size(),
        median(plain), median(watched), pct(median(ratio)), pct(at(ratio, 0.10)),
        pct(at(ratio, 0.90)), pct(at(ratio, 0.99)));
  }

  private static void blocksOnly(BftHeaderStream s, ReloadingChannel channel) {
    BlockStreamVerifier v = anchor(s, channel);
    for (Block b : s.blocks) {
      v.verify(b);
    }
  }

  private static void blocksAndHeaders(BftHeaderStream s, ReloadingChannel channel) {
    HeaderWatch watch = HeaderWatch.anchor(BftTestChain.CHANNEL, s.genesis.toByteArray(), channel);
    BlockStreamVerifier v = watch.blocks();
    List<HeaderWatch.HeaderStream> headers =
        List.of(watch.headerStream(), watch.headerStream(), watch.headerStream());
    for (int i = 0; i < s.blocks.size(); i++) {
      v.verify(s.blocks.get(i));
      for (int k = 0; k < 3; k++) {
        headers.get(k).verify(s.headers.get(k).get(i)).ifPresent(refused -> {
          throw new IllegalStateException(refused);
        });
      }
    }
  }

  private static BlockStreamVerifier anchor(BftHeaderStream s, ReloadingChannel channel) {
    return BlockStreamVerifier.anchor(BftTestChain.CHANNEL, s.genesis.toByteArray(), channel)
        .verifier();
  }

  private static double median(double[] sorted) {
    return at(sorted, 0.5);
  }

  private static double at(double[] sorted, double q) {
    return sorted[Math.min(sorted.length - 1, (int) (q * sorted.length))];
  }

  private static double pct(double ratio) {
    return (ratio - 1) * 100;
  }
}
