package io.msp4j.network;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.ConfigBlocks;
import io.msp4j.channel.ConfigForm;
import io.msp4j.channel.DecodedConfig;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.channel.check.BlockHashes;
import io.msp4j.channel.check.BlockVerdict;
import io.msp4j.channel.check.Refusal;
import io.msp4j.channel.check.SignerChecks;
import io.msp4j.channel.update.MspChanges;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.VerifiedSignatures;
import io.msp4j.core.reload.ReloadResult;
import io.msp4j.network.internal.AttestationMemo;
import io.msp4j.network.internal.ConfigChecksCache;
import io.msp4j.network.internal.HeaderVerifier;
import io.msp4j.network.internal.LastConfigIndex;
import io.msp4j.network.internal.SignerProblems;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Config;

/**
 * Verifies a channel's blocks in order, as a Fabric v3 peer's deliver client does ({@code
 * common/deliverclient}), before anything else sees them:
 *
 * <ul>
 *   <li>DELIVER-01: it is anchored on a config block the caller trusts (the genesis block, or a
 *       config block whose last-config index is its own number), or on a saved {@link
 *       FollowState};
 *   <li>DELIVER-02: each block has a header, the next number, and the previous header's hash;
 *   <li>DELIVER-03: it has the five metadata entries;
 *   <li>DELIVER-04: its transactions are well formed and its data hash is theirs;
 *   <li>DELIVER-05: its orderer signatures satisfy {@code /Channel/Orderer/BlockValidation} of the
 *       configuration in force;
 *   <li>DELIVER-06: a config block for this channel becomes the configuration in force: it is
 *       applied to the {@link ReloadingChannel} (callers holding the channel see the new
 *       generation), and later blocks are verified under it.
 * </ul>
 *
 * <p>A block that fails is refused with a {@link BlockRefusedException} and changes nothing: the
 * verifier still expects the same next block (DELIVER-07). Not thread-safe: one stream, one
 * thread.
 */
public final class BlockStreamVerifier {
  private final ReloadingChannel channel;
  private final String channelId;
  private SignerChecks checks;
  private Config config;
  private byte[] configBlock;
  private long lastNumber;
  private byte[] lastHash;
  /** The header hash of {@link #configBlock}: names the configuration in force. */
  private ByteString configKey;
  /** Where verified headers are remembered for the header streams; null when none watch. */
  private AttestationMemo attested;
  /** Orderer signatures that verified, shared with the header streams; null when none watch. */
  private VerifiedSignatures signatures;
  /** The channel of the configuration in force, as loaded. */
  private Channel loaded;

  private BlockStreamVerifier(ReloadingChannel channel, String channelId) {
    this.channel = channel;
    this.channelId = channelId;
  }

  /**
   * Anchors on a config block the caller trusts (DELIVER-01) and applies it to {@code channel}.
   * The genesis block is taken as it is; a later config block must name itself as the last
   * config. Blocks after it are verified under its configuration.
   *
   * @param channelId the channel followed; the block must be one of its config blocks
   * @return the verifier and the anchor as a delivered block
   * @throws BlockRefusedException with check DELIVER-01 when the block cannot anchor the channel
   */
  public static Anchored anchor(String channelId, byte[] configBlock, ReloadingChannel channel) {
    Objects.requireNonNull(channelId, "channelId");
    Objects.requireNonNull(channel, "channel");
    Block block = parse(configBlock);
    long number = block.getHeader().getNumber();
    DecodedConfig decoded = anchorConfig(channelId, number, configBlock);
    if (number != 0) {
      OptionalLong last = LastConfigIndex.of(block);
      if (last.isEmpty() || last.getAsLong() != number) {
        throw refused(number, "DELIVER-01", Reason.ANCHOR_INVALID, "config block " + number
            + " cannot anchor the channel: its last-config index is "
            + (last.isEmpty() ? "missing" : Long.toUnsignedString(last.getAsLong()))
            + ", not its own number");
      }
    }
    BlockStreamVerifier v = new BlockStreamVerifier(channel, channelId);
    byte[] hash = BlockHashes.headerHash(block.getHeader());
    AppliedConfig applied = v.applyConfig(number, "DELIVER-01", decoded, configBlock, hash);
    v.lastNumber = number;
    v.lastHash = hash;
    DeliveredBlock d = new DeliveredBlock(number, block, block.getData().getDataCount(), List.of(),
        Optional.of(applied), true);
    return new Anchored(v, d);
  }

  /** A verifier just anchored, and its anchor as a delivered block. */
  public record Anchored(BlockStreamVerifier verifier, DeliveredBlock anchor) {}

  /**
   * Resumes where a saved state stands (DELIVER-01): its config block is applied to {@code
   * channel}, and the next block must follow the saved number and header hash.
   *
   * @throws BlockRefusedException with check DELIVER-01 when the saved config block is not one of
   *     the channel's config blocks or cannot be loaded
   */
  public static BlockStreamVerifier resume(FollowState state, ReloadingChannel channel) {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(channel, "channel");
    byte[] bytes = state.configBlock();
    Block block = parse(bytes);
    long number = block.getHeader().getNumber();
    if (Long.compareUnsigned(state.lastNumber(), number) < 0) {
      throw refused(number, "DELIVER-01", Reason.ANCHOR_INVALID, "the saved state is at block "
          + Long.toUnsignedString(state.lastNumber()) + ", before its config block " + number);
    }
    DecodedConfig decoded = anchorConfig(state.channelId(), number, bytes);
    BlockStreamVerifier v = new BlockStreamVerifier(channel, state.channelId());
    v.applyConfig(number, "DELIVER-01", decoded, bytes,
        BlockHashes.headerHash(block.getHeader()));
    v.lastNumber = state.lastNumber();
    v.lastHash = state.lastHeaderHash();
    return v;
  }

  private static Block parse(byte[] bytes) {
    try {
      return Block.parseFrom(Objects.requireNonNull(bytes, "configBlock"));
    } catch (InvalidProtocolBufferException e) {
      throw refused(0, "DELIVER-01", Reason.ANCHOR_INVALID,
          "the anchor is not a block: " + e.getMessage());
    }
  }

  private static DecodedConfig anchorConfig(String channelId, long number, byte[] bytes) {
    DecodedConfig decoded;
    try {
      decoded = ConfigBlocks.decode(bytes);
    } catch (ChannelConfigException e) {
      throw refused(number, "DELIVER-01", Reason.ANCHOR_INVALID,
          "the anchor is not a config block: " + e.detail());
    }
    if (decoded.form() != ConfigForm.BLOCK) {
      throw refused(number, "DELIVER-01", Reason.ANCHOR_INVALID,
          "the anchor is a " + decoded.form().label() + ", not a config block");
    }
    if (!decoded.channelId().equals(Optional.of(channelId))) {
      throw refused(number, "DELIVER-01", Reason.WRONG_CHANNEL, "the anchor is a config block of "
          + decoded.channelId().map(c -> "channel '" + c + "'").orElse("no channel")
          + ", not of '" + channelId + "'");
    }
    return decoded;
  }

  /**
   * Remembers in {@code memo} the headers of the blocks verified from now on, and verifies their
   * orderer signatures through {@code verified}, which the header streams share.
   */
  void rememberAttestationsIn(AttestationMemo memo, VerifiedSignatures verified) {
    this.attested = memo;
    this.signatures = verified;
    this.checks = SignerChecks.of(loaded, verified);
  }

  /**
   * A header verifier that stands where this one does: same configuration, expecting the next
   * block's header (DELIVER-BFT-02).
   */
  HeaderVerifier headerVerifier(ConfigChecksCache configs, AttestationMemo memo) {
    return new HeaderVerifier(channelId, checks, configKey, lastNumber, lastHash, configs, memo);
  }

  /** The configuration in force. */
  Config config() {
    return config;
  }

  /** The channel followed. */
  public String channelId() {
    return channelId;
  }

  /** The number of the last verified block. */
  public long lastNumber() {
    return lastNumber;
  }

  /** The reloading channel the configurations are applied to. */
  public ReloadingChannel channel() {
    return channel;
  }

  /** The state to resume from after this block. */
  public FollowState state() {
    return new FollowState(channelId, lastNumber, lastHash, configBlock);
  }

  /** The config block in force, as delivered. */
  public byte[] configBlock() {
    return configBlock.clone();
  }

  /**
   * Verifies the next block (DELIVER-02..06). A config block is applied to the channel before
   * this returns.
   *
   * @throws BlockRefusedException when the block fails a check; nothing changes then
   */
  public DeliveredBlock verify(Block block) {
    Objects.requireNonNull(block, "block");
    if (!block.hasHeader()) {
      throw refused(0, "DELIVER-02", Reason.BLOCK_MALFORMED, "the block has no header");
    }
    long number = block.getHeader().getNumber();
    if (number != lastNumber + 1) {
      throw refused(number, "DELIVER-02", Reason.BLOCK_OUT_OF_SEQUENCE, "expected block "
          + Long.toUnsignedString(lastNumber + 1) + ", got block " + Long.toUnsignedString(number));
    }
    byte[] previous = block.getHeader().getPreviousHash().toByteArray();
    if (!Arrays.equals(previous, lastHash)) {
      throw refused(number, "DELIVER-02", Reason.BLOCK_CHAIN_BROKEN, "its previous hash "
          + hex(previous) + " is not the hash of block " + Long.toUnsignedString(lastNumber)
          + "'s header, " + hex(lastHash));
    }
    BlockVerdict verdict = checks.blockOnly(block);
    if (verdict.refusal().isPresent()) {
      throw new BlockRefusedException(number, explained(block, verdict.refusal().get()));
    }
    byte[] hash = BlockHashes.headerHash(block.getHeader());
    if (attested != null) {
      // Its header and signatures passed: the same met on a header stream need no check again.
      attested.remember(configKey, block, hash);
    }
    Optional<AppliedConfig> applied = Optional.empty();
    if (ConfigBlocks.holdsConfig(block)) {
      byte[] bytes = block.toByteArray();
      DecodedConfig decoded;
      try {
        decoded = ConfigBlocks.decode(bytes);
      } catch (ChannelConfigException e) {
        throw refused(number, "DELIVER-06", e.reason(), "the config block does not decode: "
            + e.detail());
      }
      if (!decoded.channelId().equals(Optional.of(channelId))) {
        throw refused(number, "DELIVER-06", Reason.WRONG_CHANNEL, "the config block is for "
            + decoded.channelId().map(c -> "channel '" + c + "'").orElse("no channel")
            + ", not for '" + channelId + "'");
      }
      applied = Optional.of(applyConfig(number, "DELIVER-06", decoded, bytes, hash));
    }
    lastNumber = number;
    lastHash = hash;
    return new DeliveredBlock(number, block, block.getData().getDataCount(), verdict.signers(),
        applied, false);
  }

  /**
   * The block check's refusal as the deliver client's check; a signature refusal also says, in
   * the MSPs' words, why each refused signer fell short (a revoked orderer: VALIDATE-CRL-02).
   */
  private Refusal explained(Block block, Refusal r) {
    String check = deliverCheck(r.check());
    String rule = r.rule().equals(r.check()) ? check : r.rule();
    String message = r.message();
    if (check.equals("DELIVER-05")) {
      SignerProblems.Found found = SignerProblems.of(block, channel);
      if (!found.problems().isEmpty()) {
        message += "; " + String.join("; ", found.problems());
        rule = found.firstRule().orElse(rule);
      }
    }
    return new Refusal(check, r.reason(), rule, message);
  }

  /** The deliver-client check a block check belongs to. */
  private static String deliverCheck(String blockCheck) {
    return switch (blockCheck) {
      case "BLOCK-01" -> "DELIVER-03";
      case "BLOCK-DATA-01" -> "DELIVER-04";
      default -> "DELIVER-05";
    };
  }

  /**
   * Loads the configuration into the channel, and only when it loads and yields block checks,
   * makes it the one in force, named by its header hash {@code headerHash}.
   */
  private AppliedConfig applyConfig(long number, String check, DecodedConfig decoded,
      byte[] blockBytes, byte[] headerHash) {
    Config before = config == null ? Config.getDefaultInstance() : config;
    ReloadResult<Channel> result = channel.apply(decoded);
    if (result.status() == ReloadResult.Status.FAILED) {
      MspException e = result.failure().error();
      throw new BlockRefusedException(number, new Refusal(check, e.reason(), e.rule(),
          "its configuration cannot be loaded: " + e.detail()));
    }
    Channel channelLoaded = result.generation().value();
    SignerChecks next;
    try {
      next = signatures == null ? SignerChecks.of(channelLoaded)
          : SignerChecks.of(channelLoaded, signatures);
    } catch (ChannelConfigException e) {
      throw new BlockRefusedException(number, new Refusal(check, e.reason(), e.rule(),
          "its configuration cannot verify blocks: " + e.detail()));
    }
    checks = next;
    loaded = channelLoaded;
    config = decoded.config();
    configBlock = blockBytes.clone();
    configKey = ByteString.copyFrom(headerHash);
    return new AppliedConfig(decoded.sequence(), result.generation().number(),
        MspChanges.between(before, decoded.config()));
  }

  private static BlockRefusedException refused(long number, String check, Reason reason,
      String message) {
    return new BlockRefusedException(number, new Refusal(check, reason, check, message));
  }

  private static String hex(byte[] b) {
    return HexFormat.of().formatHex(b);
  }
}
