package io.msp4j.channel.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.check.internal.Checkers;
import io.msp4j.testdata.fuzz.ShortRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.hyperledger.fabric.protos.common.Block;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Blocks from strangers checked with the block's memory of identities, on one thread and on
 * three, give the verdicts of the plain one-thread check, transaction by transaction.
 */
class ParallelBlockCheckFuzzTest {
  private static final ChannelFixture F = new ChannelFixture();
  private static final ExecutorService POOL = Executors.newFixedThreadPool(2);
  private static final SignerChecks THREE = F.checks.withExecutor(POOL, 3);

  @AfterAll
  static void shutDown() {
    POOL.shutdown();
  }

  @FuzzTest(maxDuration = "12h")
  void blockVerdictsMatchThePlainCheck(byte[] data) {
    Block block;
    try {
      block = Block.parseFrom(data);
    } catch (InvalidProtocolBufferException notABlock) {
      return; // refused before any check runs
    }
    BlockVerdict plain = Checkers.plainBlocks(F.channel::deserialize,
        Optional.of(ChannelFixture.CHANNEL), F.blockValidation, null).check(block);
    assertThat(F.checks.block(block)).isEqualTo(plain);
    assertThat(THREE.block(block)).isEqualTo(plain);
  }

  @Test
  @Tag("BLOCK-SIG-01")
  @Tag("TX-CREATOR-01")
  @Tag("TX-ENDORSEMENT-01")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "blockVerdictsMatchThePlainCheck", 200,
        this::blockVerdictsMatchThePlainCheck)).isGreaterThan(200);
  }

  /**
   * Writes the seeds: blocks of several transactions whose signers come back (the client, two
   * peers, the revoked peer), one with an altered creator signature.
   */
  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args.length > 0 ? args[0] : "src/test/resources")
        .resolve("io/msp4j/channel/check/ParallelBlockCheckFuzzTestInputs/blockVerdictsMatchThePlainCheck");
    Files.createDirectories(dir);
    Messages m = new Messages();
    List<com.google.protobuf.ByteString> txs = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      txs.add(Messages.transaction(m.parts(F.client, ChannelFixture.CHANNEL), F.client, F.peer1,
          i % 3 == 2 ? F.revokedPeer : F.peer2).toByteString());
    }
    Files.write(dir.resolve("endorsed"), Messages.block(2, txs, F.orderer).toByteArray());
    byte[] altered = Messages.transaction(m.parts(F.peer1, ChannelFixture.CHANNEL), F.peer1, F.peer2)
        .toByteArray();
    altered[altered.length - 1] ^= 1;
    List<com.google.protobuf.ByteString> mixed = new ArrayList<>(txs.subList(0, 3));
    mixed.add(com.google.protobuf.ByteString.copyFrom(altered));
    Files.write(dir.resolve("mixed"), Messages.block(3, mixed, F.peer1).toByteArray());
  }
}
