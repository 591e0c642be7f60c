package io.msp4j.bench;

import io.msp4j.channel.Channel;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.SignerChecks;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.hyperledger.fabric.protos.common.Block;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code msp block check}'s library path on one block of 500 endorser transactions (see {@link
 * BlockCheckFixture}): from the block bytes to the verdict on the block and on every transaction,
 * with {@link SignerChecks} of a channel loaded from its config block once, before measuring.
 *
 * <p>With {@code -Dmsp4j.bench.block.out=DIR} the setup also writes the fixture's files there, so
 * that Fabric's checks can be timed on the same bytes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = "-Xmx2g")
@State(Scope.Benchmark)
public class BlockCheckBench {
  SignerChecks checks;
  byte[] block;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    BlockCheckFixture f = BlockCheckFixture.create();
    String out = System.getProperty("msp4j.bench.block.out");
    if (out != null) {
      f.write(Path.of(out));
    }
    checks = SignerChecks.of(Channel.load(f.configBlock));
    block = f.block;
    BlockVerdict v = checkBlock();
    if (!v.valid() || v.transactions().size() != BlockCheckFixture.TRANSACTIONS) {
      throw new IllegalStateException("the benchmark's block does not pass: " + v);
    }
  }

  /** Block bytes to the verdict of the block and of each of its transactions. */
  @Benchmark
  public BlockVerdict checkBlock() throws IOException {
    return checks.block(Block.parseFrom(block));
  }
}
