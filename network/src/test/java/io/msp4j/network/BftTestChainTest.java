package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.channel.Channel;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.core.Reason;
import java.nio.file.Path;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.BlockHeader;
import org.hyperledger.fabric.protos.common.Orderers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The BFT test chain is a chain a Fabric v3 deliver client accepts: our {@link
 * BlockStreamVerifier} verifies it block by block across consenter changes (DELIVER-05,
 * DELIVER-BFT-05), and refuses a block signed by fewer than a quorum.
 */
class BftTestChainTest {
  @TempDir static Path tmp;
  static BftTestChain chain;

  @BeforeAll
  static void chain() {
    chain = new BftTestChain(tmp);
    chain.genesis(List.of(7051, 7052, 7053, 7054));
    chain.appendTransactions(2);         // 1: signed by 1, 2, 3
    chain.appendConsenterRemoval(4);     // 2: 3 consenters left, quorum 2
    chain.appendTransactions(1, 2, 3);   // 3
    chain.appendConsenterAddition(4);    // 4: signed by 1, 2 under the 3-consenter config
    chain.appendTransactions(1, 2, 3, 4); // 5
  }

  private static BlockStreamVerifier anchored() {
    return BlockStreamVerifier.anchor(BftTestChain.CHANNEL, chain.genesisBytes(),
        ReloadingChannel.builder("test").build()).verifier();
  }

  @Test
  @Tag("DELIVER-BFT-05")
  @Tag("DELIVER-05")
  void theVerifierFollowsTheChainAcrossConsenterChanges() {
    BlockStreamVerifier v = anchored();
    for (int i = 1; i < chain.blocks().size(); i++) {
      DeliveredBlock d = v.verify(chain.block(i));
      assertThat(d.config().isPresent()).as("block %d", i).isEqualTo(i == 2 || i == 4);
      assertThat(d.signers()).extracting(s -> s.mspId()).isNotEmpty().containsOnly("OrdererMSP");
    }
    assertThat(v.lastNumber()).isEqualTo(5);
  }

  @Test
  @Tag("DELIVER-BFT-05")
  void removalChangesTheMappingTheQuorumAndTheEndpoints() throws Exception {
    Orderers after = Orderers.parseFrom(configAt(2).getChannelGroup().getGroupsOrThrow("Orderer")
        .getValuesOrThrow("Orderers").getValue());
    assertThat(after.getConsenterMappingList()).extracting(c -> c.getId()).containsExactly(1, 2, 3);
    assertThat(org.hyperledger.fabric.protos.common.OrdererAddresses.parseFrom(configAt(2)
        .getChannelGroup().getGroupsOrThrow("Orderer").getGroupsOrThrow("OrdererOrg")
        .getValuesOrThrow("Endpoints").getValue()).getAddressesList())
        .containsExactly("127.0.0.1:7051", "127.0.0.1:7052", "127.0.0.1:7053");
    Channel c = Channel.load(chain.block(2).toByteArray());
    assertThat(c.capabilities().v3()).isTrue();
    assertThat(BftConfig.quorum(4)).isEqualTo(3);
    assertThat(BftConfig.quorum(3)).isEqualTo(2);
    assertThat(BftConfig.quorum(7)).isEqualTo(5);
  }

  private static org.hyperledger.fabric.protos.common.Config configAt(int n) {
    return Channel.load(chain.block(n).toByteArray()).config();
  }

  @Test
  @Tag("DELIVER-05")
  void aBlockSignedByTwoOfFourIsRefused() {
    BlockStreamVerifier v = anchored();
    Block two = chain.sign(next(1), 0, 1, 2);
    BlockRefusedException e = assertThrows(BlockRefusedException.class, () -> v.verify(two));
    assertThat(e.refusal().check()).isEqualTo("DELIVER-05");
    assertThat(e.refusal().reason()).isEqualTo(Reason.POLICY_NOT_SATISFIED);
    assertThat(v.lastNumber()).isZero();
    // Three of four, the quorum, pass.
    assertThat(v.verify(chain.sign(next(1), 0, 2, 3, 4)).number()).isEqualTo(1);
  }

  @Test
  @Tag("DELIVER-05")
  void aRemovedConsenterNoLongerCounts() {
    BlockStreamVerifier v = anchored();
    for (int i = 1; i <= 3; i++) {
      v.verify(chain.block(i));
    }
    // After block 2, consenter 4 is gone: 1 and 4 are one valid signature, short of 2.
    BlockRefusedException e = assertThrows(BlockRefusedException.class,
        () -> v.verify(chain.sign(next(4), 2, 1, 4)));
    assertThat(e.refusal().check()).isEqualTo("DELIVER-05");
    assertThat(v.verify(chain.sign(next(4), 2, 1, 3)).number()).isEqualTo(4);
  }

  /** Block {@code n} of transactions, unsigned, chained to the chain's block {@code n - 1}. */
  private static Block next(int n) {
    BlockData data = chain.block(1).getData();
    return Block.newBuilder().setHeader(BlockHeader.newBuilder().setNumber(n)
        .setPreviousHash(com.google.protobuf.ByteString.copyFrom(
            BlockHashes.headerHash(chain.block(n - 1).getHeader())))
        .setDataHash(com.google.protobuf.ByteString.copyFrom(
            TestChain.sha256(data.getDataList()))))
        .setData(data).build();
  }
}
