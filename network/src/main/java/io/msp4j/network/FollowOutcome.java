package io.msp4j.network;

import java.util.Objects;
import java.util.Optional;

/**
 * How {@link ChannelFollower#run()} ended.
 *
 * @param status why it ended
 * @param lastNumber the number of the last verified block (empty when nothing was anchored)
 * @param refusal the refused block, for {@link Status#REFUSED}
 * @param failure the failure that made the follower give up, for {@link Status#GAVE_UP}
 */
public record FollowOutcome(Status status, Optional<Long> lastNumber,
    Optional<BlockRefusedException> refusal, Optional<NetworkException> failure) {

  /** Why following ended. */
  public enum Status {
    /** The block asked for as the last one was verified. */
    UNTIL_REACHED,
    /** {@link ChannelFollower#close()} was called. */
    CLOSED,
    /** A block was refused: nothing after it was applied. */
    REFUSED,
    /**
     * No endpoint could serve the channel: each refused it for good (FORBIDDEN, NOT_FOUND, a TLS
     * failure), or none was reachable within the give-up time.
     */
    GAVE_UP
  }

  /** Checks the parts. */
  public FollowOutcome {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(lastNumber, "lastNumber");
    Objects.requireNonNull(refusal, "refusal");
    Objects.requireNonNull(failure, "failure");
  }
}
