package io.msp4j.bench;

import io.msp4j.channel.Channel;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.SignerChecks;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.hyperledger.fabric.protos.common.Block;

/**
 * Wall-clock and process CPU time of {@link BlockCheckBench}'s operation on the files {@link
 * BlockCheckFixture} wrote ({@code DIR/config.block}, {@code DIR/block.pb}), after a warm-up: the
 * figures Fabric's side prints, for a comparison on a machine too loaded for wall-clock time
 * alone. CPU time includes the JVM's compiler and collector threads.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.BlockCheckTimes DIR SECONDS</pre>
 */
public final class BlockCheckTimes {
  private BlockCheckTimes() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    double seconds = Double.parseDouble(args[1]);
    SignerChecks checks = SignerChecks.of(Channel.load(Files.readAllBytes(dir.resolve("config.block"))));
    byte[] block = Files.readAllBytes(dir.resolve("block.pb"));
    BlockVerdict v = checks.block(Block.parseFrom(block));
    long invalid = v.transactions().stream().filter(t -> !t.valid()).count();
    System.out.printf("block %s, %d transactions, %d invalid%n",
        v.refusal().map(Object::toString).orElse("ok"), v.transactions().size(), invalid);
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long warmUntil = System.nanoTime() + (long) (seconds * 1e9);
    do {
      checks.block(Block.parseFrom(block));
    } while (System.nanoTime() < warmUntil);
    long[] times = new long[1 << 16];
    int n = 0;
    long cpuStart = os.getProcessCpuTime();
    long until = System.nanoTime() + (long) (seconds * 1e9);
    do {
      long t = System.nanoTime();
      checks.block(Block.parseFrom(block));
      times[n++] = System.nanoTime() - t;
    } while ((System.nanoTime() < until || n < 3) && n < times.length);
    double cpu = (os.getProcessCpuTime() - cpuStart) / 1e6 / n;
    long[] sorted = Arrays.copyOf(times, n);
    Arrays.sort(sorted);
    System.out.printf("runs %d: wall min %.1f ms, median %.1f ms; process CPU %.1f ms per run%n",
        n, sorted[0] / 1e6, sorted[n / 2] / 1e6, cpu);
  }
}
