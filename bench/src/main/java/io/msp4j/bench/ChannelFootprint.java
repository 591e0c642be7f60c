package io.msp4j.bench;

import io.msp4j.channel.Channel;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * Retained heap of a loaded channel: the used heap after full collections while a channel loaded
 * from the block with {@code n} application orgs (see {@link ChannelBlocks}) is alive, minus the
 * same before it was loaded. The block bytes are read before the first measurement.
 *
 * <pre>java -Xmx4g -cp bench/target/benchmarks.jar io.msp4j.bench.ChannelFootprint 1000</pre>
 */
public final class ChannelFootprint {
  private ChannelFootprint() {}

  public static void main(String[] args) {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
    byte[] block = ChannelBlocks.block(n);
    Channel.load(block); // classes loaded and compiled before measuring
    long before = settledUsedHeap();
    long liveBefore = LiveHeap.bytes();
    Channel channel = Channel.load(block);
    long after = settledUsedHeap();
    long live = LiveHeap.bytes() - liveBefore;
    System.out.printf("orgs: %,d, block: %,d bytes, MSPs: %d%n", n, block.length, channel.msps().size());
    System.out.printf("retained by the channel: %,d bytes (%.1f MB, %.1f KB per org)%n",
        after - before, (after - before) / 1e6, (after - before) / 1e3 / (n + 1));
    System.out.printf("live objects retained: %,d bytes (%.1f MB)%n", live, live / 1e6);
  }

  static long settledUsedHeap() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 10; i++) {
      System.gc();
      long now = memory.getHeapMemoryUsage().getUsed();
      if (now >= used) {
        return now;
      }
      used = now;
    }
    return used;
  }
}
