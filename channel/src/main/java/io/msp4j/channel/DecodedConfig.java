package io.msp4j.channel;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.hyperledger.fabric.protos.common.Config;

/**
 * A channel configuration as decoded from bytes, before any of its rules are checked.
 *
 * @param form the form the bytes were recognised as
 * @param channelId the channel ID from the channel header: the block's {@code data[0]} header, or
 *     the header of a {@code ConfigEnvelope}'s {@code last_update}; empty for a bare {@code Config}
 *     or when there is no header
 * @param blockNumber the block number, for a block
 * @param config the configuration (sequence and channel group)
 */
public record DecodedConfig(
    ConfigForm form, Optional<String> channelId, OptionalLong blockNumber, Config config) {

  public DecodedConfig {
    Objects.requireNonNull(form, "form");
    Objects.requireNonNull(channelId, "channelId");
    Objects.requireNonNull(blockNumber, "blockNumber");
    Objects.requireNonNull(config, "config");
  }

  /** The config sequence (an unsigned 64-bit number; print with {@link Long#toUnsignedString}). */
  public long sequence() {
    return config.getSequence();
  }
}
