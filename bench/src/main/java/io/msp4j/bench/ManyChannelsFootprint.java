package io.msp4j.bench;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.SharedMsps;
import java.util.ArrayList;
import java.util.List;

/**
 * Retained heap of many loaded channels whose configurations hold the same orgs ({@link
 * ChannelBlocks#sameOrgFiles}): the used heap after full collections while all of them are alive,
 * minus the same before, and the bytes of live objects counted the same way ({@link LiveHeap}), once with every org MSP set up per channel and once with the MSPs shared
 * ({@link SharedMsps}). The block bytes are read, and every class loaded, before the first
 * measurement.
 *
 * <pre>java -Xmx4g -cp bench/target/benchmarks.jar io.msp4j.bench.ManyChannelsFootprint 100 10</pre>
 */
public final class ManyChannelsFootprint {
  private ManyChannelsFootprint() {}

  public static void main(String[] args) {
    int channels = args.length > 0 ? Integer.parseInt(args[0]) : 100;
    int orgs = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    List<byte[]> blocks = ChannelBlocks.sameOrgBlocks(channels, orgs);
    ChannelOptions plain = ChannelOptions.defaults();
    loadAll(blocks, plain);
    loadAll(blocks, plain.withSharedMsps(SharedMsps.create()));
    long[] without = retained(blocks, plain);
    long[] with = retained(blocks, plain.withSharedMsps(SharedMsps.create()));
    System.out.printf("channels: %d, orgs each: %d (+1 orderer org), block: %,d bytes%n",
        channels, orgs, blocks.get(0).length);
    String[] kinds = {"used heap", "live objects"};
    for (int k = 0; k < 2; k++) {
      System.out.printf("%s, each channel sets its MSPs up: %,d bytes (%.1f MB, %.1f KB per channel)%n",
          kinds[k], without[k], without[k] / 1e6, without[k] / 1e3 / channels);
      System.out.printf("%s, MSPs shared:                  %,d bytes (%.1f MB, %.1f KB per channel)%n",
          kinds[k], with[k], with[k] / 1e6, with[k] / 1e3 / channels);
      System.out.printf("%s, shared / not shared: %.3f%n", kinds[k], (double) with[k] / without[k]);
    }
  }

  private static List<Channel> loadAll(List<byte[]> blocks, ChannelOptions options) {
    List<Channel> out = new ArrayList<>();
    for (byte[] b : blocks) {
      out.add(Channel.load(b, options));
    }
    return out;
  }

  /** Used heap and live object bytes retained by the channels: {used, live}. */
  private static long[] retained(List<byte[]> blocks, ChannelOptions options) {
    long before = ChannelFootprint.settledUsedHeap();
    long liveBefore = LiveHeap.bytes();
    List<Channel> alive = loadAll(blocks, options);
    long after = ChannelFootprint.settledUsedHeap();
    long liveAfter = LiveHeap.bytes();
    if (alive.size() != blocks.size()) {
      throw new IllegalStateException("not every channel loaded");
    }
    return new long[] {after - before, liveAfter - liveBefore};
  }
}
