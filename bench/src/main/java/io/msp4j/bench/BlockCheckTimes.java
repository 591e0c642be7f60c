package io.msp4j.bench;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.Channel;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.SignerChecks;
import io.msp4j.channel.check.internal.BlockChecker;
import io.msp4j.channel.check.internal.Checkers;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.hyperledger.fabric.protos.common.Block;

/**
 * Wall-clock and process CPU time of {@link BlockCheckBench}'s operation on the files {@link
 * BlockCheckFixture} wrote ({@code DIR/config.block}, {@code DIR/block.pb}), after a warm-up of
 * the same length: the figures Fabric's side prints. For each number of threads (default 1 and
 * 2) two cases: {@code fresh}, the channel loaded again before each run (untimed), so that no
 * signer is in the MSP caches, and {@code warm}, the same block again and again through the same
 * channel. CPU time is the process's over the timed runs only (the loads fall outside), so it
 * includes the pool's thread and the JVM's compiler and collector threads. With {@code
 * -Dmsp4j.bench.block.plain}, then the plain check the tests take as the reference (one thread,
 * every appearance of a signer deserialised and validated anew) alternated with the one-thread
 * check, block by block, with fresh caches.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.BlockCheckTimes DIR SECONDS [THREADS...]</pre>
 */
public final class BlockCheckTimes {
  private BlockCheckTimes() {}

  private static Block parse(byte[] block) {
    try {
      return Block.parseFrom(block);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    }
  }

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    double seconds = Double.parseDouble(args[1]);
    int[] threadCounts = args.length > 2
        ? Arrays.stream(args, 2, args.length).mapToInt(Integer::parseInt).toArray() : new int[] {1, 2};
    byte[] config = Files.readAllBytes(dir.resolve("config.block"));
    byte[] block = Files.readAllBytes(dir.resolve("block.pb"));
    for (int threads : threadCounts) {
      ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads - 1) : null;
      try {
        Supplier<SignerChecks> load = () -> {
          SignerChecks c = SignerChecks.of(Channel.load(config));
          return pool == null ? c : c.withExecutor(pool, threads);
        };
        SignerChecks warm = load.get();
        BlockVerdict v = warm.block(parse(block));
        long invalid = v.transactions().stream().filter(t -> !t.valid()).count();
        System.out.printf("threads %d: block %s, %d transactions, %d invalid%n", threads,
            v.refusal().map(Object::toString).orElse("ok"), v.transactions().size(), invalid);
        print(threads, "fresh caches,", measure(seconds, () -> {
          SignerChecks fresh = load.get();
          return () -> fresh.block(parse(block));
        }));
        print(threads, "warm caches,", measure(seconds, () -> () -> warm.block(parse(block))));
      } finally {
        if (pool != null) {
          pool.shutdown();
        }
      }
    }
    if (System.getProperty("msp4j.bench.block.plain") != null) {
      plainAgainstMemory(config, block, seconds);
    }
  }

  /**
   * The plain check and the one-thread check with the block's memory of identities, alternated
   * block by block with fresh caches (a channel loaded before each, untimed), for {@code seconds}
   * untimed and then {@code seconds} timed: process CPU time per block of each.
   */
  private static void plainAgainstMemory(byte[] config, byte[] block, double seconds) {
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long[] cpu = new long[2];
    int blocks = 0;
    long warmUntil = System.nanoTime() + (long) (seconds * 1e9);
    long until = warmUntil + (long) (seconds * 1e9);
    while (System.nanoTime() < until || blocks < 3) {
      boolean timed = System.nanoTime() >= warmUntil;
      for (int k = 0; k < 2; k++) {
        Channel channel = Channel.load(config);
        BlockChecker check = k == 0
            ? Checkers.plainBlocks(channel.mspManager()::deserialize, channel.channelId(),
                channel.policy(SignerChecks.BLOCK_VALIDATION).policy(), null)
            : Checkers.blocks(channel.mspManager()::deserialize, channel.channelId(),
                channel.policy(SignerChecks.BLOCK_VALIDATION).policy(), null, Runnable::run, 1);
        Block b = parse(block);
        long c = os.getProcessCpuTime();
        check.check(b);
        cpu[k] += timed ? os.getProcessCpuTime() - c : 0;
      }
      blocks += timed ? 1 : 0;
    }
    System.out.printf("threads 1, fresh caches, alternated, %d blocks each: plain check %.1f ms,"
        + " with the block's memory of identities %.1f ms process CPU per block%n", blocks,
        cpu[0] / 1e6 / blocks, cpu[1] / 1e6 / blocks);
  }

  private static void print(int threads, String caches, WallAndCpuTimes t) {
    System.out.printf("threads %d, %s runs %d: wall min %.1f ms, median %.1f ms; process CPU"
        + " %.1f ms per run%n", threads, caches, t.runs(), t.minMillis(), t.medianMillis(),
        t.cpuMillisPerRun());
  }

  /**
   * Runs {@code prepare}'s operations for {@code seconds} untimed, then for {@code seconds}
   * timed; {@code prepare} itself is never timed.
   */
  static WallAndCpuTimes measure(double seconds, Supplier<Runnable> prepare) {
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long warmUntil = System.nanoTime() + (long) (seconds * 1e9);
    do {
      prepare.get().run();
    } while (System.nanoTime() < warmUntil);
    long[] times = new long[1 << 16];
    int n = 0;
    long cpu = 0;
    long until = System.nanoTime() + (long) (seconds * 1e9);
    do {
      Runnable op = prepare.get();
      long c = os.getProcessCpuTime();
      long t = System.nanoTime();
      op.run();
      times[n++] = System.nanoTime() - t;
      cpu += os.getProcessCpuTime() - c;
    } while ((System.nanoTime() < until || n < 3) && n < times.length);
    long[] sorted = Arrays.copyOf(times, n);
    Arrays.sort(sorted);
    return new WallAndCpuTimes(sorted, cpu / 1e6 / n);
  }
}
