package io.msp4j.bench;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;

/**
 * Wall-clock and process CPU time of loading a channel from its block, after a warm-up: the
 * figures Fabric's benchmark of {@code channelconfig.NewBundleFromEnvelope} prints ({@link
 * WallAndCpuTimes}).
 *
 * <pre>java -Xmx4g -cp bench/target/benchmarks.jar io.msp4j.bench.ChannelLoadTimes SECONDS PARALLELISM 1 10 100 1000</pre>
 */
public final class ChannelLoadTimes {
  private ChannelLoadTimes() {}

  public static void main(String[] args) {
    double seconds = Double.parseDouble(args[0]);
    ChannelOptions options = ChannelOptions.defaults().withParallelism(Integer.parseInt(args[1]));
    for (int a = 2; a < args.length; a++) {
      int orgs = Integer.parseInt(args[a]);
      byte[] block = ChannelBlocks.block(orgs);
      WallAndCpuTimes t = WallAndCpuTimes.measure(seconds, () -> Channel.load(block, options));
      System.out.printf("orgs-%d: %d runs, mean %.3f ms, median %.3f ms, min %.3f ms, CPU %.3f ms/op%n",
          orgs, t.runs(), t.meanMillis(), t.medianMillis(), t.minMillis(), t.cpuMillisPerRun());
    }
  }
}
