package io.msp4j.bench;

import com.google.protobuf.ByteString;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.core.SigningIdentity;
import io.msp4j.network.TestChain;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;

/**
 * A channel of {@code orgs} application orgs (as {@link ChannelBlocks} makes them) and the config
 * block that follows its genesis block: the same configuration at sequence 1 with another batch
 * timeout, signed by the channel's orderer and chained to the genesis block, as a follower
 * receives it.
 */
final class ConfigArrival {
  static final String CHANNEL = "benchchannel";

  final Block genesis;
  final Block next;

  private ConfigArrival(Block genesis, Block next) {
    this.genesis = genesis;
    this.next = next;
  }

  static ConfigArrival of(int orgs) {
    try {
      Path work = Files.createTempDirectory("msp4j-bench-arrival");
      GeneratedTree tree = ChannelBlocks.tree("config-arrival-bench", orgs, work);
      ConfigFixture.Builder b = ChannelBlocks.config(tree, orgs).channelCapabilities("V3_0");
      Config config = b.build();
      Block genesis = Block.parseFrom(ConfigFixture.block(CHANNEL, config));
      SigningIdentity orderer = TestChain.signer(
          tree.org("example.com").identity("orderer").mspDir(), "OrdererMSP");
      ConfigGroup ordererGroup = config.getChannelGroup().getGroupsOrThrow("Orderer");
      ConfigValue bt = ordererGroup.getValuesOrThrow("BatchTimeout").toBuilder()
          .setValue(BatchTimeout.newBuilder().setTimeout("3s").build().toByteString()).build();
      Config updated = config.toBuilder().setSequence(1).setChannelGroup(
          config.getChannelGroup().toBuilder().putGroups("Orderer",
              ordererGroup.toBuilder().putValues("BatchTimeout", bt).build())).build();
      Payload p = Payload.newBuilder().setHeader(Header.newBuilder()
              .setChannelHeader(ChannelHeader.newBuilder().setType(HeaderType.CONFIG_VALUE)
                  .setChannelId(CHANNEL).build().toByteString())
              .setSignatureHeader(SignatureHeader.newBuilder()
                  .setCreator(ByteString.copyFrom(orderer.serialize()))
                  .setNonce(ByteString.copyFromUtf8("config arrival")).build().toByteString()))
          .setData(ConfigEnvelope.newBuilder().setConfig(updated).build().toByteString()).build();
      Envelope env = Envelope.newBuilder().setPayload(p.toByteString())
          .setSignature(ByteString.copyFrom(orderer.sign(p.toByteArray()))).build();
      Block next = TestChain.make(1, BlockHashes.headerHash(genesis.getHeader()),
          List.of(env.toByteString()), 1, orderer);
      return new ConfigArrival(genesis, next);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
