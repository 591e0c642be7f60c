package io.msp4j.network;

import java.time.Duration;

/**
 * Told what a {@link ChannelFollower} does, on the follower's thread, in order. A listener that
 * throws does not stop the follower (the exception is logged). Every method does nothing unless
 * overridden.
 */
public interface FollowListener {

  /**
   * The follower is anchored, before it connects: on the given anchor or the saved state (not
   * called when the stream's genesis block anchors it; {@link #delivered} tells that one).
   */
  default void anchored(FollowState state) {}

  /** A connection to {@code endpoint} is up and the seek request was sent. */
  default void connected(Endpoint endpoint, DeliverService service) {}

  /**
   * The connection to {@code endpoint} failed or broke; the follower tries again (the same
   * endpoint or the next) after {@code retryIn}.
   */
  default void disconnected(Endpoint endpoint, NetworkException cause, Duration retryIn) {}

  /**
   * A block passed every check (or is the trust anchor) and is now the last verified block; for
   * a config block, the new configuration is already the one in force.
   */
  default void delivered(DeliveredBlock block) {}

  /**
   * The block source withheld blocks that other orderers' signed headers show were cut
   * (DELIVER-BFT-03); {@link #disconnected} follows, then the follower connects to {@code
   * event.switchedTo()}.
   */
  default void censorship(CensorshipEvent event) {}

  /**
   * A block was refused, and the follower stops after this call. On a BFT channel, where one
   * orderer may be faulty, a block refused from one orderer only moves the follower to another
   * ({@link #disconnected} tells it); it stops when every orderer in turn sent a refused block.
   */
  default void refused(BlockRefusedException refusal) {}
}
