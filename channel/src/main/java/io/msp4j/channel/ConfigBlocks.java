package io.msp4j.channel;

import io.msp4j.channel.internal.decode.ConfigDecoder;
import io.msp4j.core.InputLimits;
import io.msp4j.core.Reason;
import com.google.protobuf.InvalidProtocolBufferException;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;

/** Decodes channel configurations from bytes. */
public final class ConfigBlocks {
  private ConfigBlocks() {}

  /**
   * Decodes a channel configuration given as a config block, a bare {@code ConfigEnvelope} or a
   * bare {@code Config}. The form is decided by structure (the field numbers and wire types each
   * form has at each level, and for a block the channel header type), not by whether protobuf
   * parses the bytes, since protobuf parses almost anything.
   *
   * @throws ChannelConfigException with reason {@link io.msp4j.core.Reason#LIMIT_EXCEEDED}, rule
   *     LIMIT-11, for more than {@link InputLimits#MAX_CONFIG_BLOCK_BYTES} bytes; {@link
   *     io.msp4j.core.Reason#NOT_A_CONFIG_BLOCK}
   *     for a block of another kind (a transaction block), or {@link
   *     io.msp4j.core.Reason#CONFIG_BLOCK_MALFORMED} naming the form expected and the place where
   *     the bytes stopped matching it (truncated input, garbage, a missing part)
   */
  public static DecodedConfig decode(byte[] bytes) {
    Objects.requireNonNull(bytes, "bytes");
    if (bytes.length > InputLimits.MAX_CONFIG_BLOCK_BYTES) {
      throw tooLarge(bytes.length);
    }
    return ConfigDecoder.decode(bytes);
  }

  /** A configuration beyond {@link InputLimits#MAX_CONFIG_BLOCK_BYTES} (LIMIT-11). */
  static ChannelConfigException tooLarge(long size) {
    return new ChannelConfigException(Reason.LIMIT_EXCEEDED, "LIMIT-11", "bytes",
        InputLimits.describe("the configuration's size", size, InputLimits.MAX_CONFIG_BLOCK_BYTES)
            + " bytes, the largest message Fabric's gRPC servers accept by default");
  }

  /**
   * Whether a block holds a configuration, as Fabric's {@code protoutil.IsConfigBlock} and {@code
   * HasConfigTx} decide: exactly one transaction, whose channel header has type {@code CONFIG}.
   * A transaction that does not decode makes the block not a config block.
   */
  public static boolean holdsConfig(Block block) {
    Objects.requireNonNull(block, "block");
    if (block.getData().getDataCount() != 1) {
      return false;
    }
    try {
      Payload p = Payload.parseFrom(Envelope.parseFrom(block.getData().getData(0)).getPayload());
      return ChannelHeader.parseFrom(p.getHeader().getChannelHeader()).getType()
          == HeaderType.CONFIG_VALUE;
    } catch (InvalidProtocolBufferException e) {
      return false;
    }
  }
}
