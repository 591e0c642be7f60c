package io.msp4j.bench;

import io.msp4j.channel.ConfigBlocks;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.network.BlockRefusedException;
import io.msp4j.network.BlockStreamVerifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hyperledger.fabric.protos.common.Block;

/**
 * A deliver client's verdict on blocks, each judged on its own right after an anchor config block,
 * one line per file: {@code FILE<TAB>ok} or {@code FILE<TAB>CHECK RULE REASON: message}. For
 * comparing msp4j's verdicts with those of Fabric's deliver client on the same files.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.msp4j.bench.BlockVerdicts ANCHOR.block BLOCK...</pre>
 */
public final class BlockVerdicts {
  private BlockVerdicts() {}

  public static void main(String[] args) throws IOException {
    byte[] anchor = Files.readAllBytes(Path.of(args[0]));
    String channel = ConfigBlocks.decode(anchor).channelId().orElseThrow();
    for (int i = 1; i < args.length; i++) {
      BlockStreamVerifier v = BlockStreamVerifier.anchor(channel, anchor,
          ReloadingChannel.builder("verdicts").build()).verifier();
      String verdict;
      try {
        v.verify(Block.parseFrom(Files.readAllBytes(Path.of(args[i]))));
        verdict = "ok";
      } catch (BlockRefusedException e) {
        verdict = e.refusal().check() + " " + e.rule() + " " + e.reason() + ": "
            + e.refusal().message();
      } catch (IOException e) {
        verdict = "unreadable: " + e.getMessage();
      }
      System.out.println(args[i] + "\t" + verdict);
    }
  }
}
