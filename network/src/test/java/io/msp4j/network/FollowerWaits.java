package io.msp4j.network;

import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Waiting on a running follower in tests: for a condition, a block, or its current source. */
final class FollowerWaits {
  private FollowerWaits() {}

  /** Polls {@code condition} until it holds; fails with the follower's metrics after {@code within}. */
  static void await(ChannelFollower follower, BooleanSupplier condition, Duration within)
      throws InterruptedException {
    long end = System.nanoTime() + within.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("not within " + within + ": " + follower.metrics());
      }
      Thread.sleep(10);
    }
  }

  /** Waits up to 15 s for the follower to have verified block {@code number}. */
  static void awaitBlock(ChannelFollower follower, long number) throws InterruptedException {
    await(follower, () -> follower.metrics().lastBlock().orElse(-1) >= number,
        Duration.ofSeconds(15));
  }

  /** The fake orderer the follower reads blocks from now. */
  static FakeOrderingService source(ChannelFollower follower, List<FakeOrderingService> orderers) {
    Endpoint current = follower.metrics().currentSource().orElseThrow();
    return orderers.stream().filter(o -> o.endpoint().equals(current)).findFirst().orElseThrow();
  }
}
