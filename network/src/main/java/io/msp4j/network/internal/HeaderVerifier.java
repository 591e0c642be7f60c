package io.msp4j.network.internal;

import com.google.protobuf.ByteString;
import io.msp4j.channel.ConfigBlocks;
import io.msp4j.channel.DecodedConfig;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.SignerChecks;
import io.msp4j.core.MspException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Block;

/**
 * Verifies one orderer's stream of block headers (DELIVER-BFT-02), starting from a copy of the
 * block stream's state: each header must be the next one, chained to the one before, and carry
 * orderer signatures that satisfy the block validation policy in force; a config block, which
 * header streams send whole, is verified as a block and its configuration becomes the one headers
 * after it are checked under. Not thread-safe.
 */
public final class HeaderVerifier {
  private final String channelId;
  private final ConfigChecksCache configs;
  private final AttestationMemo memo;
  private SignerChecks checks;
  private ByteString configKey;
  private long lastNumber;
  private byte[] lastHash;

  /**
   * A verifier that expects block {@code lastNumber + 1} next.
   *
   * @param configKey the header hash of the config block whose {@code checks} are in force
   */
  public HeaderVerifier(String channelId, SignerChecks checks, ByteString configKey,
      long lastNumber, byte[] lastHash, ConfigChecksCache configs, AttestationMemo memo) {
    this.channelId = channelId;
    this.checks = checks;
    this.configKey = configKey;
    this.lastNumber = lastNumber;
    this.lastHash = lastHash.clone();
    this.configs = configs;
    this.memo = memo;
  }

  /** A copy with the same state, verifying on independently of this one. */
  public HeaderVerifier copy() {
    return new HeaderVerifier(channelId, checks, configKey, lastNumber, lastHash, configs, memo);
  }

  /** The number of the last header verified (or of the block the copy was taken at). */
  public long lastNumber() {
    return lastNumber;
  }

  /**
   * Verifies the next header; on success it becomes the last one.
   *
   * @return why it is refused, or empty when it passed
   */
  public Optional<String> verify(Block block) {
    if (!block.hasHeader()) {
      return Optional.of("a header stream sent a block without a header");
    }
    long number = block.getHeader().getNumber();
    if (number != lastNumber + 1) {
      return Optional.of("expected header " + Long.toUnsignedString(lastNumber + 1) + ", got "
          + Long.toUnsignedString(number));
    }
    byte[] previous = block.getHeader().getPreviousHash().toByteArray();
    if (!Arrays.equals(previous, lastHash)) {
      return Optional.of("header " + Long.toUnsignedString(number) + "'s previous hash "
          + HexFormat.of().formatHex(previous) + " is not the hash of header "
          + Long.toUnsignedString(lastNumber));
    }
    if (ConfigBlocks.holdsConfig(block)) {
      return verifyConfig(block);
    }
    Optional<byte[]> known = memo.lookup(configKey, block, checks);
    if (known.isPresent()) {
      advance(number, known.get());
      return Optional.empty();
    }
    BlockVerdict v = checks.attestation(block);
    if (v.refusal().isPresent()) {
      return Optional.of("header " + Long.toUnsignedString(v.number()) + ": "
          + v.refusal().get().message());
    }
    byte[] hash = BlockHashes.headerHash(block.getHeader());
    memo.remember(configKey, block, hash);
    advance(number, hash);
    return Optional.empty();
  }

  private void advance(long number, byte[] headerHash) {
    lastNumber = number;
    lastHash = headerHash;
  }

  /** A config block, whole: verified as a block, then its configuration is taken. */
  private Optional<String> verifyConfig(Block block) {
    BlockVerdict v = checks.blockOnly(block);
    if (v.refusal().isPresent()) {
      return Optional.of("config block " + Long.toUnsignedString(v.number()) + ": "
          + v.refusal().get().message());
    }
    try {
      DecodedConfig decoded = ConfigBlocks.decode(block.toByteArray());
      if (!decoded.channelId().equals(Optional.of(channelId))) {
        return Optional.of("config block " + block.getHeader().getNumber() + " is for another"
            + " channel than '" + channelId + "'");
      }
      byte[] hash = BlockHashes.headerHash(block.getHeader());
      ByteString key = ByteString.copyFrom(hash);
      checks = configs.checks(key, block);
      configKey = key;
      advance(block.getHeader().getNumber(), hash);
      return Optional.empty();
    } catch (MspException e) {
      return Optional.of("config block " + block.getHeader().getNumber()
          + "'s configuration cannot verify blocks: " + e.getMessage());
    }
  }
}
