package io.msp4j.network;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What broadcasting one envelope to an ordering service came to: the overall verdict and each
 * orderer's part (see {@link UpdateSubmitter} for the rules).
 *
 * @param consensus the rule followed
 * @param verdict the ordering service's answer: under RAFT the answer of the orderer that decided
 *     it; under BFT SUCCESS with a quorum of acceptances, else SERVICE_UNAVAILABLE
 * @param orderers every endpoint, in the order given
 * @param quorum under BFT, how the quorum was counted; empty under RAFT
 */
public record BroadcastOutcome(OrderingConsensus consensus, BroadcastResult verdict,
    List<OrdererStatus> orderers, Optional<QuorumCount> quorum) {

  /** Checks the parts and copies the list. */
  public BroadcastOutcome {
    Objects.requireNonNull(consensus, "consensus");
    Objects.requireNonNull(verdict, "verdict");
    Objects.requireNonNull(quorum, "quorum");
    orderers = List.copyOf(orderers);
  }

  /** An outcome without a quorum count (RAFT). */
  public BroadcastOutcome(OrderingConsensus consensus, BroadcastResult verdict,
      List<OrdererStatus> orderers) {
    this(consensus, verdict, orderers, Optional.empty());
  }
}
