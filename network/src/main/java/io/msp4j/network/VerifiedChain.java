package io.msp4j.network;

import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.channel.check.Refusal;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.VerifiedSignatures;
import io.msp4j.network.internal.AttestationMemo;
import io.msp4j.network.internal.CensorshipMonitor;
import io.msp4j.network.internal.ConfigChecksCache;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Predicate;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Config;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The chain a {@link ChannelFollower} has verified, whatever orderer its blocks came from: the
 * anchor (saved state, given block, or the stream's genesis), the {@link BlockStreamVerifier}
 * every block goes through, the state saved after each, the listeners told of each, and what the
 * header streams start from. One follower thread changes it; the getters are read from any.
 */
final class VerifiedChain {
  private static final Logger LOG = LoggerFactory.getLogger(VerifiedChain.class);

  private final String channelId;
  private final ReloadingChannel channel;
  private final FollowStateStore store;
  private final List<FollowListener> listeners;
  private final FollowMetrics metrics;
  private final Clock clock;
  /** Headers and blocks whose signatures passed, shared by the block and header streams. */
  private final AttestationMemo attested = new AttestationMemo();
  /** Orderer signatures that verified: each orderer's headers carry a different subset. */
  private final VerifiedSignatures signatures = new VerifiedSignatures(4096);
  private final ConfigChecksCache configs;
  /**
   * Whether other orderers' headers are watched under a configuration: only then are the blocks'
   * passing signatures remembered for them, work a follower that watches none need not do.
   */
  private final Predicate<Config> headersWatched;
  private volatile BlockStreamVerifier verifier;
  /** When the last block arrived in this run; null before the first (follower thread only). */
  private Instant lastBlockTime;

  VerifiedChain(String channelId, ReloadingChannel channel, FollowStateStore store,
      List<FollowListener> listeners, FollowMetrics metrics, Clock clock, ChannelOptions options,
      Predicate<Config> headersWatched) {
    this.channelId = channelId;
    this.channel = channel;
    this.store = store;
    this.listeners = listeners;
    this.metrics = metrics;
    this.clock = clock;
    this.configs = new ConfigChecksCache(options, signatures);
    this.headersWatched = headersWatched;
  }

  /** The state to resume from, empty before the chain is anchored. */
  Optional<FollowState> state() {
    BlockStreamVerifier v = verifier;
    return v == null ? Optional.empty() : Optional.of(v.state());
  }

  /** The last verified block's number, empty before the chain is anchored. */
  OptionalLong lastNumber() {
    BlockStreamVerifier v = verifier;
    return v == null ? OptionalLong.empty() : OptionalLong.of(v.lastNumber());
  }

  /** The configuration in force; null before the chain is anchored. */
  Config config() {
    BlockStreamVerifier v = verifier;
    return v == null ? null : v.config();
  }

  /** Anchors on the saved state, else on the given anchor; else the stream's block 0 anchors. */
  void start(Optional<byte[]> anchor) {
    Optional<FollowState> saved = store.load();
    if (saved.isPresent()) {
      if (!saved.get().channelId().equals(channelId)) {
        throw new NetworkException(NetworkException.Kind.CONFIGURATION, "", "the saved state is"
            + " for channel '" + saved.get().channelId() + "', not '" + channelId + "'", null);
      }
      anchoredOn(BlockStreamVerifier.resume(saved.get(), channel));
      FollowState state = verifier.state();
      for (FollowListener l : listeners) {
        ChannelFollower.safely(() -> l.anchored(state));
      }
    } else if (anchor.isPresent()) {
      BlockStreamVerifier.Anchored a = BlockStreamVerifier.anchor(channelId, anchor.get(), channel);
      anchoredOn(a.verifier());
      FollowState state = verifier.state();
      store.save(state);
      metrics.block(state.lastNumber());
      for (FollowListener l : listeners) {
        ChannelFollower.safely(() -> l.anchored(state));
        ChannelFollower.safely(() -> l.delivered(a.anchor()));
      }
    }
  }

  /**
   * Takes the anchored verifier. When the anchor's configuration has header streams watched, its
   * blocks' signatures are remembered for them; a later configuration that starts the watch
   * leaves the header streams to check every header in full, with the same verdicts.
   */
  private void anchoredOn(BlockStreamVerifier v) {
    if (headersWatched.test(v.config())) {
      v.rememberAttestationsIn(attested, signatures);
    }
    verifier = v;
  }

  /** Where the block stream stands, for the censorship monitor. */
  CensorshipMonitor.Progress progress() {
    BlockStreamVerifier v = verifier;
    return new CensorshipMonitor.Progress(v.lastNumber(), lastBlockTime,
        v.headerVerifier(configs, attested));
  }

  /**
   * Verifies and hands on one block; the refusal when it is refused. On a BFT channel a refused
   * block is one orderer's fault: it is logged, and the caller moves to another source.
   */
  BlockRefusedException accept(Block block, Endpoint source, boolean bftMode) {
    DeliveredBlock delivered;
    try {
      BlockStreamVerifier v = verifier;
      if (v == null) {
        // No anchor given: the stream's genesis block anchors the channel, as the block a peer
        // joins with does.
        if (block.getHeader().getNumber() != 0) {
          throw new BlockRefusedException(block.getHeader().getNumber(),
              new Refusal("DELIVER-01", Reason.ANCHOR_INVALID, "DELIVER-01",
                  "the first block delivered is not the genesis block, and no anchor was given"));
        }
        BlockStreamVerifier.Anchored a =
            BlockStreamVerifier.anchor(channelId, block.toByteArray(), channel);
        anchoredOn(a.verifier());
        delivered = a.anchor().from(source);
      } else {
        long start = System.nanoTime();
        delivered = v.verify(block).from(source);
        metrics.verification(System.nanoTime() - start);
      }
    } catch (BlockRefusedException r) {
      if (bftMode) {
        LOG.warn("{} sent block {}, refused: {}", source, r.number(), r.getMessage());
      } else {
        for (FollowListener l : listeners) {
          ChannelFollower.safely(() -> l.refused(r));
        }
      }
      return r;
    }
    store.save(verifier.state());
    lastBlockTime = clock.instant();
    metrics.block(delivered.number());
    for (FollowListener l : listeners) {
      ChannelFollower.safely(() -> l.delivered(delivered));
    }
    return null;
  }
}
