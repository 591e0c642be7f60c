package io.msp4j.cli;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;

/** A config block read for the configtx commands: the channel ID and the config it carries. */
record ConfigInputs(String channelId, Config config) {

  /**
   * Reads a config block, or a bare {@code common.Config} (then the channel ID is empty), as
   * {@code configtxlator proto_encode --type common.Config} writes it.
   */
  static ConfigInputs fromBlockOrConfig(byte[] bytes) throws InvalidProtocolBufferException {
    try {
      return fromBlock(bytes);
    } catch (InvalidProtocolBufferException e) {
      try {
        Config c = Config.parseFrom(bytes);
        if (c.hasChannelGroup()) {
          return new ConfigInputs("", c);
        }
      } catch (InvalidProtocolBufferException again) {
        // Report the block reading.
      }
      throw e;
    }
  }

  /** Reads a config block (its first transaction must be a CONFIG envelope). */
  static ConfigInputs fromBlock(byte[] bytes) throws InvalidProtocolBufferException {
    Block block = Block.parseFrom(bytes);
    if (block.getData().getDataCount() == 0) {
      throw new InvalidProtocolBufferException("the block has no transactions");
    }
    Envelope env = Envelope.parseFrom(block.getData().getData(0));
    Payload p = Payload.parseFrom(env.getPayload());
    ChannelHeader ch = ChannelHeader.parseFrom(p.getHeader().getChannelHeader());
    if (ch.getType() != HeaderType.CONFIG_VALUE) {
      throw new InvalidProtocolBufferException("the block's first transaction is of type "
          + Optional.ofNullable(HeaderType.forNumber(ch.getType())).map(Enum::name)
              .orElse(Integer.toString(ch.getType())) + ", not CONFIG");
    }
    ConfigEnvelope ce = ConfigEnvelope.parseFrom(p.getData());
    if (!ce.hasConfig() || !ce.getConfig().hasChannelGroup()) {
      throw new InvalidProtocolBufferException("the block's config envelope has no config");
    }
    return new ConfigInputs(ch.getChannelId(), ce.getConfig());
  }
}
