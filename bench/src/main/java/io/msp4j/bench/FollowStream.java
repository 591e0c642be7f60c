package io.msp4j.bench;

import io.msp4j.network.TestChain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;

/**
 * The block stream of the follower benchmark: a genesis config block ({@code 0.block}, three orgs,
 * channel capability V3_0) and {@value #BLOCKS} blocks of {@value #TRANSACTIONS} transactions each
 * ({@code 1.block} ...), chained and signed by an orderer as an ordering service makes them.
 * Generated once from a fixed seed under the temporary directory, so that the benchmark forks and
 * Fabric's deliver-client timer read the same files.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.FollowStream   # prints the folder</pre>
 */
public final class FollowStream {
  static final int BLOCKS = 1000;
  static final int TRANSACTIONS = 100;

  private FollowStream() {}

  public static void main(String[] args) {
    System.out.println(dir());
  }

  /** The folder of block files, generated when missing. */
  static Path dir() {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"), "msp4j-bench-follow");
    if (Files.isRegularFile(dir.resolve(BLOCKS + ".block"))) {
      return dir;
    }
    try {
      Path work = Files.createTempDirectory("msp4j-bench-follow-work");
      TestChain chain = new TestChain(work);
      for (int i = 1; i <= BLOCKS; i++) {
        chain.appendTransactions(TRANSACTIONS);
      }
      Path staging = Files.createTempDirectory(dir.getParent(), "msp4j-bench-follow-staging");
      for (int i = 0; i <= BLOCKS; i++) {
        Files.write(staging.resolve(i + ".block"), chain.block(i).toByteArray());
      }
      Files.move(staging, dir, StandardCopyOption.ATOMIC_MOVE);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The stream: block 0 (the anchor) first. */
  static List<Block> blocks() {
    Path dir = dir();
    List<Block> out = new ArrayList<>();
    try {
      for (int i = 0; i <= BLOCKS; i++) {
        out.add(Block.parseFrom(Files.readAllBytes(dir.resolve(i + ".block"))));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
