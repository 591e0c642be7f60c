package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.channel.update.MspChange;
import io.msp4j.core.Reason;
import java.nio.file.Path;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockMetadata;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A deliver client's checks of a block stream, one block at a time (DELIVER-01..07). */
class BlockStreamVerifierTest {
  @TempDir static Path tmp;
  static TestChain chain;

  @BeforeAll
  static void chain() {
    chain = TestChain.standard(tmp); // 1 txs, 2 config, 3 txs, 4 config revoking orderer2, 5 txs
  }

  private static BlockStreamVerifier anchored() {
    return BlockStreamVerifier.anchor(TestChain.CHANNEL, chain.genesisBytes(),
        ReloadingChannel.builder("test").build()).verifier();
  }

  private static BlockStreamVerifier at(int n) {
    BlockStreamVerifier v = anchored();
    for (int i = 1; i <= n; i++) {
      v.verify(chain.block(i));
    }
    return v;
  }

  private static Block tx(BlockStreamVerifier v, io.msp4j.core.SigningIdentity signer) {
    Block previous = chain.block((int) v.lastNumber());
    return TestChain.make(v.lastNumber() + 1, BlockHashes.headerHash(previous.getHeader()),
        chain.block(1).getData().getDataList(), 4, signer);
  }

  @Test
  @Tag("DELIVER-06")
  void followsTheChainAcrossConfigBlocksAndAppliesEach() {
    ReloadingChannel channel = ReloadingChannel.builder("test").build();
    BlockStreamVerifier.Anchored a =
        BlockStreamVerifier.anchor(TestChain.CHANNEL, chain.genesisBytes(), channel);
    assertThat(a.anchor().anchor()).isTrue();
    assertThat(channel.generation()).isEqualTo(1);
    BlockStreamVerifier v = a.verifier();
    for (int i = 1; i <= 5; i++) {
      DeliveredBlock d = v.verify(chain.block(i));
      assertThat(d.number()).isEqualTo(i);
      assertThat(d.config().isPresent()).isEqualTo(i == 2 || i == 4);
      assertThat(d.signers()).extracting(s -> s.mspId()).containsExactly("OrdererMSP");
    }
    assertThat(channel.generation()).isEqualTo(3);
    assertThat(channel.current().orElseThrow().value().sequence()).isEqualTo(2);
    assertThat(v.lastNumber()).isEqualTo(5);
  }

  @Test
  @Tag("DELIVER-06")
  void aConfigBlockReportsWhatChangedInTheMsps() {
    BlockStreamVerifier v = at(3);
    AppliedConfig c = v.verify(chain.block(4)).config().orElseThrow();
    assertThat(c.sequence()).isEqualTo(2);
    assertThat(c.changes()).extracting(MspChange::kind).contains(MspChange.Kind.REVOCATION_ADDED);
    assertThat(c.changes()).allSatisfy(ch -> assertThat(ch.org()).isEqualTo("/Channel/Orderer/OrdererOrg"));
  }

  @Test
  @Tag("DELIVER-02")
  void aBlockOutOfSequenceIsRefusedAndChangesNothing() {
    BlockStreamVerifier v = at(1);
    BlockRefusedException e = assertThrows(BlockRefusedException.class, () -> v.verify(chain.block(3)));
    assertThat(e.refusal().check()).isEqualTo("DELIVER-02");
    assertThat(e.reason()).isEqualTo(Reason.BLOCK_OUT_OF_SEQUENCE);
    assertThat(e.number()).isEqualTo(3);
    assertThrows(BlockRefusedException.class, () -> v.verify(chain.block(1)));
    // DELIVER-07: the verifier still expects block 2.
    assertThat(v.verify(chain.block(2)).number()).isEqualTo(2);
  }

  @Test
  @Tag("DELIVER-02")
  void aBlockNotChainedToTheLastHeaderIsRefused() {
    BlockStreamVerifier v = at(1);
    Block forged = TestChain.make(2, new byte[32], chain.block(2).getData().getDataList(), 2, chain.orderer);
    BlockRefusedException e = assertThrows(BlockRefusedException.class, () -> v.verify(forged));
    assertThat(e.reason()).isEqualTo(Reason.BLOCK_CHAIN_BROKEN);
    assertThat(e.refusal().message()).contains("previous hash");
  }

  @Test
  @Tag("DELIVER-04")
  void aBlockWhoseDataIsNotItsDataHashIsRefused() {
    BlockStreamVerifier v = at(0);
    Block b = chain.block(1);
    Block tampered = b.toBuilder().setData(b.getData().toBuilder()
        .addData(chain.block(3).getData().getData(0))).build();
    BlockRefusedException e = assertThrows(BlockRefusedException.class, () -> v.verify(tampered));
    assertThat(e.refusal().check()).isEqualTo("DELIVER-04");
    assertThat(e.reason()).isEqualTo(Reason.BLOCK_DATA_HASH_MISMATCH);
  }

  @Test
  @Tag("DELIVER-03")
  void aBlockWithTooFewMetadataEntriesIsRefused() {
    BlockStreamVerifier v = at(0);
    Block b = chain.block(1);
    Block cut = b.toBuilder().setMetadata(BlockMetadata.newBuilder()
        .addMetadata(b.getMetadata().getMetadata(0))).build();
    BlockRefusedException e = assertThrows(BlockRefusedException.class, () -> v.verify(cut));
    assertThat(e.refusal().check()).isEqualTo("DELIVER-03");
    assertThat(e.reason()).isEqualTo(Reason.BLOCK_MALFORMED);
  }

  @Test
  @Tag("DELIVER-02")
  void aBlockWithoutHeaderIsRefused() {
    BlockStreamVerifier v = at(0);
    BlockRefusedException e = assertThrows(BlockRefusedException.class,
        () -> v.verify(chain.block(1).toBuilder().clearHeader().build()));
    assertThat(e.reason()).isEqualTo(Reason.BLOCK_MALFORMED);
  }

  @Test
  @Tag("DELIVER-05")
  void aBlockSignedByAPeerDoesNotSatisfyBlockValidation() {
    BlockStreamVerifier v = at(0);
    Block b = TestChain.sign(chain.block(1).toBuilder().clearMetadata().build(), 0, chain.org1Admin);
    BlockRefusedException e = assertThrows(BlockRefusedException.class, () -> v.verify(b));
    assertThat(e.refusal().check()).isEqualTo("DELIVER-05");
    assertThat(e.reason()).isEqualTo(Reason.POLICY_NOT_SATISFIED);
    assertThat(e.refusal().message()).contains("/Channel/Orderer/BlockValidation");
  }

  @Test
  @Tag("DELIVER-05")
  void anOrdererRevokedEarlierInTheStreamCannotSignLaterBlocks() {
    BlockStreamVerifier before = at(3);
    // Before the revocation, orderer2 signs for the ordering service.
    assertThat(before.verify(tx(before, chain.orderer2)).signers()).hasSize(1);

    BlockStreamVerifier after = at(4);
    BlockRefusedException e = assertThrows(BlockRefusedException.class,
        () -> after.verify(tx(after, chain.orderer2)));
    assertThat(e.refusal().check()).isEqualTo("DELIVER-05");
    assertThat(e.refusal().message()).contains("orderer2.example.com");
    assertThat(e.rule()).isEqualTo("VALIDATE-CRL-02");
    assertThat(after.verify(chain.block(5)).number()).isEqualTo(5);
  }

  @Test
  @Tag("DELIVER-06")
  void aConfigBlockOfAnotherChannelIsRefused() {
    BlockStreamVerifier v = at(1);
    Block own = chain.block(2);
    byte[] other = ConfigFixture.block("otherchannel", chain.config());
    Block otherData;
    try {
      otherData = Block.parseFrom(other);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
    Block b = TestChain.make(2, own.getHeader().getPreviousHash().toByteArray(),
        otherData.getData().getDataList(), 2, chain.orderer);
    BlockRefusedException e = assertThrows(BlockRefusedException.class, () -> v.verify(b));
    assertThat(e.refusal().check()).isEqualTo("DELIVER-06");
    assertThat(e.reason()).isEqualTo(Reason.WRONG_CHANNEL);
  }

  @Test
  @Tag("DELIVER-01")
  void anAnchorMustBeAConfigBlockOfTheChannelThatNamesItselfAsLastConfig() {
    ReloadingChannel c = ReloadingChannel.builder("test").build();
    BlockRefusedException wrongChannel = assertThrows(BlockRefusedException.class,
        () -> BlockStreamVerifier.anchor("otherchannel", chain.genesisBytes(), c));
    assertThat(wrongChannel.reason()).isEqualTo(Reason.WRONG_CHANNEL);
    BlockRefusedException notConfig = assertThrows(BlockRefusedException.class,
        () -> BlockStreamVerifier.anchor(TestChain.CHANNEL, chain.block(1).toByteArray(), c));
    assertThat(notConfig.refusal().check()).isEqualTo("DELIVER-01");
    // A later config block names itself: block 2's last-config index is 2.
    BlockStreamVerifier v = BlockStreamVerifier.anchor(TestChain.CHANNEL,
        chain.block(2).toByteArray(), c).verifier();
    assertThat(v.verify(chain.block(3)).number()).isEqualTo(3);
    BlockRefusedException garbage = assertThrows(BlockRefusedException.class,
        () -> BlockStreamVerifier.anchor(TestChain.CHANNEL, new byte[] {1, 2, 3}, c));
    assertThat(garbage.reason()).isEqualTo(Reason.ANCHOR_INVALID);
  }

  @Test
  @Tag("DELIVER-01")
  void aSavedStateResumesAtTheNextBlock() {
    BlockStreamVerifier v = at(3);
    FollowState state = v.state();
    BlockStreamVerifier resumed = BlockStreamVerifier.resume(state,
        ReloadingChannel.builder("resumed").build());
    assertThat(resumed.lastNumber()).isEqualTo(3);
    assertThrows(BlockRefusedException.class, () -> resumed.verify(chain.block(3)));
    assertThat(resumed.verify(chain.block(4)).config()).isPresent();
  }
}
