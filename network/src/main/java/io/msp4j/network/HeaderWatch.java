package io.msp4j.network;

import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.core.policy.VerifiedSignatures;
import io.msp4j.network.internal.AttestationMemo;
import io.msp4j.network.internal.ConfigChecksCache;
import io.msp4j.network.internal.HeaderVerifier;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Block;

/**
 * The verification a follower does while it watches the other orderers' header streams
 * (DELIVER-BFT-01/02), without a follower or a network: a {@link BlockStreamVerifier} that
 * remembers what each verified block attests, and header streams that stand where it stands and
 * share the orderer signatures it verified, as a {@link ChannelFollower}'s header receivers do.
 * For measuring or examining the header watch on its own (the benchmarks use it); a follower does
 * all of this itself. Not thread-safe: one thread for the blocks and every header stream.
 *
 * <pre>{@code
 * HeaderWatch watch = HeaderWatch.anchor(channelId, genesis, ReloadingChannel.builder("c").build());
 * HeaderWatch.HeaderStream other = watch.headerStream();   // one per other orderer
 * watch.blocks().verify(block);                            // throws when refused
 * Optional<String> refused = other.verify(header);         // empty when it passed
 * }</pre>
 */
public final class HeaderWatch {
  /** How many verified orderer signatures are remembered, as a follower remembers them. */
  private static final int SIGNATURES_REMEMBERED = 4096;

  private final BlockStreamVerifier blocks;
  private final AttestationMemo attested = new AttestationMemo();
  private final ConfigChecksCache configs;

  private HeaderWatch(BlockStreamVerifier blocks, ChannelOptions options) {
    this.blocks = blocks;
    VerifiedSignatures signatures = new VerifiedSignatures(SIGNATURES_REMEMBERED);
    blocks.rememberAttestationsIn(attested, signatures);
    this.configs = new ConfigChecksCache(options, signatures);
  }

  /**
   * Anchors on a config block the caller trusts, as {@link BlockStreamVerifier#anchor} does, with
   * the default channel options for the configurations header streams meet.
   *
   * @throws BlockRefusedException with check DELIVER-01 when the block cannot anchor the channel
   */
  public static HeaderWatch anchor(String channelId, byte[] configBlock,
      ReloadingChannel channel) {
    return new HeaderWatch(BlockStreamVerifier.anchor(channelId, configBlock, channel).verifier(),
        ChannelOptions.defaults());
  }

  /** The block stream's verifier: blocks verified through it are remembered for the headers. */
  public BlockStreamVerifier blocks() {
    return blocks;
  }

  /**
   * A new header stream standing where the block stream stands now: it expects the header of the
   * block after the last verified one.
   */
  public HeaderStream headerStream() {
    return new HeaderStream(blocks.headerVerifier(configs, attested));
  }

  /** One orderer's stream of headers, verified in order (DELIVER-BFT-02). Not thread-safe. */
  public static final class HeaderStream {
    private final HeaderVerifier verifier;

    private HeaderStream(HeaderVerifier verifier) {
      this.verifier = verifier;
    }

    /**
     * Verifies the next header (a block without data, or a whole config block); on success it
     * becomes the last one.
     *
     * @return why it is refused, or empty when it passed
     */
    public Optional<String> verify(Block header) {
      return verifier.verify(Objects.requireNonNull(header, "header"));
    }

    /** The number of the last header verified, or of the block the stream started after. */
    public long lastNumber() {
      return verifier.lastNumber();
    }
  }
}
