package io.msp4j.network;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * Where a follower stands: the channel, the last verified block's number and header hash, and the
 * config block in force (DELIVER-01). Enough to resume after a restart without trusting anything
 * new: the next block must chain to that hash and satisfy that configuration.
 *
 * @param channelId the channel
 * @param lastNumber the number of the last verified block
 * @param lastHeaderHash the SHA-256 of that block's header (32 bytes)
 * @param configBlock the config block in force, as delivered
 */
public record FollowState(String channelId, long lastNumber, byte[] lastHeaderHash,
    byte[] configBlock) {

  /** Checks the parts and copies the arrays. */
  public FollowState {
    Objects.requireNonNull(channelId, "channelId");
    if (lastHeaderHash.length != 32) {
      throw new IllegalArgumentException("a header hash has 32 bytes, not " + lastHeaderHash.length);
    }
    lastHeaderHash = lastHeaderHash.clone();
    configBlock = configBlock.clone();
  }

  @Override
  public byte[] lastHeaderHash() {
    return lastHeaderHash.clone();
  }

  @Override
  public byte[] configBlock() {
    return configBlock.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FollowState s && channelId.equals(s.channelId) && lastNumber == s.lastNumber
        && Arrays.equals(lastHeaderHash, s.lastHeaderHash) && Arrays.equals(configBlock, s.configBlock);
  }

  @Override
  public int hashCode() {
    return Objects.hash(channelId, lastNumber, Arrays.hashCode(lastHeaderHash));
  }

  @Override
  public String toString() {
    return "FollowState{" + channelId + " at block " + Long.toUnsignedString(lastNumber) + ", header "
        + HexFormat.of().formatHex(lastHeaderHash) + ", config block of " + configBlock.length
        + " bytes}";
  }
}
