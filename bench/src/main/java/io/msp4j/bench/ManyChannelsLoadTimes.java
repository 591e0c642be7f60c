package io.msp4j.bench;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.SharedMsps;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Time to load the first and the last of many channels whose configurations hold the same orgs
 * ({@link ChannelBlocks#sameOrgFiles}) when they share their org MSPs ({@link SharedMsps}): each
 * round starts with empty shared MSPs and loads the channels in order, keeping them all; the
 * first load sets every org up, later ones find them shared. Wall-clock time and the loading
 * thread's CPU time of each load are taken; the medians over the rounds are printed, after
 * warm-up rounds. A round of loads without sharing gives the reference time per channel.
 *
 * <pre>java -Xmx4g -cp bench/target/benchmarks.jar io.msp4j.bench.ManyChannelsLoadTimes ROUNDS PARALLELISM CHANNELS ORGS</pre>
 */
public final class ManyChannelsLoadTimes {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private ManyChannelsLoadTimes() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    int parallelism = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    int channels = args.length > 2 ? Integer.parseInt(args[2]) : 100;
    int orgs = args.length > 3 ? Integer.parseInt(args[3]) : 10;
    List<byte[]> blocks = ChannelBlocks.sameOrgBlocks(channels, orgs);
    ChannelOptions options = ChannelOptions.defaults().withParallelism(parallelism);
    for (int w = 0; w < Math.max(3, rounds / 3); w++) {
      round(blocks, options.withSharedMsps(SharedMsps.create()));
      round(blocks, options);
    }
    long[][] shared = new long[rounds][];
    long[][] plain = new long[rounds][];
    for (int r = 0; r < rounds; r++) {
      shared[r] = round(blocks, options.withSharedMsps(SharedMsps.create()));
      plain[r] = round(blocks, options);
    }
    int last = channels - 1;
    System.out.printf("%d channels of %d orgs (+1 orderer org), parallelism %d, %d rounds%n",
        channels, orgs, parallelism, rounds);
    print("shared, 1st channel", shared, 0, 0);
    print("shared, " + channels + "th channel", shared, last, last);
    print("shared, channels 2.." + channels + " (mean)", shared, 1, last);
    print("not shared, every channel (mean)", plain, 0, last);
    double ratioWall = median(shared, 0, 0, 0) / median(shared, last, last, 0);
    double ratioCpu = median(shared, 0, 0, 1) / median(shared, last, last, 1);
    System.out.printf("1st / %dth: %.1fx wall, %.1fx CPU%n", channels, ratioWall, ratioCpu);
  }

  /** Loads every block in order, keeping the channels; wall and CPU nanos of each load. */
  private static long[] round(List<byte[]> blocks, ChannelOptions options) {
    long[] out = new long[blocks.size() * 2];
    List<Channel> alive = new ArrayList<>();
    for (int i = 0; i < blocks.size(); i++) {
      long cpu = THREADS.getCurrentThreadCpuTime();
      long wall = System.nanoTime();
      alive.add(Channel.load(blocks.get(i), options));
      out[2 * i] = System.nanoTime() - wall;
      out[2 * i + 1] = THREADS.getCurrentThreadCpuTime() - cpu;
    }
    if (alive.size() != blocks.size()) {
      throw new IllegalStateException("not every channel loaded");
    }
    return out;
  }

  private static void print(String what, long[][] rounds, int from, int to) {
    System.out.printf("%-36s median wall %.3f ms, median CPU of the loading thread %.3f ms%n",
        what + ":", median(rounds, from, to, 0) / 1e6, median(rounds, from, to, 1) / 1e6);
  }

  /** The median over rounds of the mean of loads {@code from..to}; kind 0 wall, 1 CPU. */
  private static double median(long[][] rounds, int from, int to, int kind) {
    double[] v = new double[rounds.length];
    for (int r = 0; r < rounds.length; r++) {
      long sum = 0;
      for (int i = from; i <= to; i++) {
        sum += rounds[r][2 * i + kind];
      }
      v[r] = (double) sum / (to - from + 1);
    }
    Arrays.sort(v);
    return v[v.length / 2];
  }
}
