package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.ReloadingChannel;
import java.nio.file.Files;
import org.hyperledger.fabric.protos.common.Block;
import org.junit.jupiter.api.Tag;

/**
 * What a deliver stream may bring: any block after the anchor gets a verdict, a delivered block
 * or a {@link BlockRefusedException} naming a DELIVER check, never another exception, and a
 * refusal leaves the verifier where it was (DELIVER-07).
 */
class BlockStreamVerifierFuzzTest {
  private static final TestChain CHAIN = chain();

  private static TestChain chain() {
    try {
      TestChain c = new TestChain(Files.createTempDirectory("msp4j-follow-fuzz"));
      c.appendTransactions(2);
      return c;
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @FuzzTest(maxDuration = "12h")
  @Tag("DELIVER-07")
  void everyDeliveredBlockGetsAVerdict(byte[] data) {
    Block block;
    try {
      block = Block.parseFrom(data);
    } catch (InvalidProtocolBufferException notABlock) {
      return; // gRPC refuses these bytes before the deliver client sees them
    }
    BlockStreamVerifier v = BlockStreamVerifier.anchor(TestChain.CHANNEL, CHAIN.genesisBytes(),
        ReloadingChannel.builder("fuzz").build()).verifier();
    try {
      DeliveredBlock d = v.verify(block);
      assertThat(d.number()).isEqualTo(1);
    } catch (BlockRefusedException e) {
      assertThat(e.refusal().check()).startsWith("DELIVER-");
      assertThat(v.lastNumber()).isZero();
      assertThat(v.verify(CHAIN.block(1)).number()).isEqualTo(1);
    }
  }
}
