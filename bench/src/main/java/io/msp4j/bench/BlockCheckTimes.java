package io.msp4j.bench;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.Channel;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.SignerChecks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hyperledger.fabric.protos.common.Block;

/**
 * Wall-clock and process CPU time of {@link BlockCheckBench}'s operation on the files {@link
 * BlockCheckFixture} wrote ({@code DIR/config.block}, {@code DIR/block.pb}), after a warm-up: the
 * figures Fabric's side prints ({@link WallAndCpuTimes}).
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.BlockCheckTimes DIR SECONDS</pre>
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
    SignerChecks checks = SignerChecks.of(Channel.load(Files.readAllBytes(dir.resolve("config.block"))));
    byte[] block = Files.readAllBytes(dir.resolve("block.pb"));
    BlockVerdict v = checks.block(parse(block));
    long invalid = v.transactions().stream().filter(t -> !t.valid()).count();
    System.out.printf("block %s, %d transactions, %d invalid%n",
        v.refusal().map(Object::toString).orElse("ok"), v.transactions().size(), invalid);
    WallAndCpuTimes t = WallAndCpuTimes.measure(seconds, () -> checks.block(parse(block)));
    System.out.printf("runs %d: wall min %.1f ms, median %.1f ms; process CPU %.1f ms per run%n",
        t.runs(), t.minMillis(), t.medianMillis(), t.cpuMillisPerRun());
  }
}
