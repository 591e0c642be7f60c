package io.msp4j.bench;

import io.msp4j.channel.Channel;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.SignerChecks;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.hyperledger.fabric.protos.common.Block;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code msp block check}'s library path on one block of 500 endorser transactions (see {@link
 * BlockCheckFixture}): from the block bytes to the verdict on the block and on every transaction,
 * with {@link SignerChecks} of a channel loaded from its config block, on {@code threads} threads
 * (the calling one and {@code threads - 1} of a pool).
 *
 * <ul>
 *   <li>{@link #checkBlock}: the channel is loaded once per trial, so each operation is the same
 *       block again through the same MSP caches: the "warm" case. With 100-entry caches and 801
 *       distinct signers per block, met in the same order each time, an identity is evicted long
 *       before the block comes round again, so warm caches hit next to nothing on this block.
 *   <li>{@link #checkBlockFreshCaches}: the channel is loaded again before each operation
 *       (outside the timing), so every signer is one the MSPs have not seen: the "fresh" case.
 * </ul>
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
  @Param({"1", "2"})
  int threads;

  byte[] configBlock;
  byte[] block;
  ExecutorService pool;
  SignerChecks checks;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    BlockCheckFixture f = BlockCheckFixture.create();
    String out = System.getProperty("msp4j.bench.block.out");
    if (out != null) {
      f.write(Path.of(out));
    }
    configBlock = f.configBlock;
    block = f.block;
    pool = threads > 1 ? Executors.newFixedThreadPool(threads - 1) : null;
    loadChannel();
    BlockVerdict v = checkBlock();
    if (!v.valid() || v.transactions().size() != BlockCheckFixture.TRANSACTIONS) {
      throw new IllegalStateException("the benchmark's block does not pass: " + v);
    }
  }

  /** Checks on {@code threads} threads against a newly loaded channel: empty MSP caches. */
  void loadChannel() {
    SignerChecks c = SignerChecks.of(Channel.load(configBlock));
    checks = pool == null ? c : c.withExecutor(pool, threads);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    if (pool != null) {
      pool.shutdown();
    }
  }

  /** Block bytes to the verdict of the block and of each of its transactions, caches warm. */
  @Benchmark
  public BlockVerdict checkBlock() throws IOException {
    return checks.block(Block.parseFrom(block));
  }

  /** The channel loaded again before each operation, untimed. */
  @State(Scope.Thread)
  public static class Fresh {
    @Setup(Level.Invocation)
    public void reload(BlockCheckBench bench) {
      bench.loadChannel();
    }
  }

  /** {@link #checkBlock} with MSP caches that have seen none of the block's signers. */
  @Benchmark
  public BlockVerdict checkBlockFreshCaches(Fresh fresh) throws IOException {
    return checks.block(Block.parseFrom(block));
  }
}
