package io.msp4j.bench;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * Wall-clock and process CPU time of loading a channel from its block, after a warm-up: the
 * figures Fabric's benchmark of {@code channelconfig.NewBundleFromEnvelope} prints, for a
 * comparison on a machine too loaded for wall-clock time alone. CPU time includes the JVM's
 * compiler and collector threads.
 *
 * <pre>java -Xmx4g -cp bench/target/benchmarks.jar io.msp4j.bench.ChannelLoadTimes SECONDS PARALLELISM 1 10 100 1000</pre>
 */
public final class ChannelLoadTimes {
  private ChannelLoadTimes() {}

  public static void main(String[] args) {
    double seconds = Double.parseDouble(args[0]);
    ChannelOptions options = ChannelOptions.defaults().withParallelism(Integer.parseInt(args[1]));
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    for (int a = 2; a < args.length; a++) {
      int orgs = Integer.parseInt(args[a]);
      byte[] block = ChannelBlocks.block(orgs);
      long warmUntil = System.nanoTime() + (long) (seconds * 1e9);
      do {
        Channel.load(block, options);
      } while (System.nanoTime() < warmUntil);
      long[] times = new long[1 << 16];
      int n = 0;
      long cpuStart = os.getProcessCpuTime();
      long until = System.nanoTime() + (long) (seconds * 1e9);
      do {
        long t = System.nanoTime();
        Channel.load(block, options);
        times[n++] = System.nanoTime() - t;
      } while ((System.nanoTime() < until || n < 3) && n < times.length);
      double cpu = (os.getProcessCpuTime() - cpuStart) / 1e6 / n;
      long[] sorted = Arrays.copyOf(times, n);
      Arrays.sort(sorted);
      double mean = Arrays.stream(sorted).average().orElse(0) / 1e6;
      System.out.printf("orgs-%d: %d runs, mean %.3f ms, median %.3f ms, min %.3f ms, CPU %.3f ms/op%n",
          orgs, n, mean, sorted[n / 2] / 1e6, sorted[0] / 1e6, cpu);
    }
  }
}
