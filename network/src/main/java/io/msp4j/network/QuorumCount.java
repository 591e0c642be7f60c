package io.msp4j.network;

import java.util.List;
import java.util.Objects;

/**
 * How a BFT broadcast's quorum was counted ({@link UpdateSubmitter}).
 *
 * @param overConsenters true when counted over the consenters of the channel's configuration in
 *     force (the orderers given matched by {@code host:port}); false when counted over the
 *     orderers given (no configuration, or none of them is a consenter)
 * @param members how many orderers the quorum is counted over
 * @param quorum how many of them must accept ({@link OrderingConsensus#bftQuorum})
 * @param accepted how many of them accepted
 * @param notConsenters the orderers given that are not consenters of the channel: sent the
 *     envelope, not counted (empty when counted over the orderers given)
 * @param consentersNotGiven the consenters no orderer given matched: counted as not accepting
 */
public record QuorumCount(boolean overConsenters, int members, int quorum, int accepted,
    List<Endpoint> notConsenters, List<Endpoint> consentersNotGiven) {

  /** Checks the parts and copies the lists. */
  public QuorumCount {
    if (members < 1 || quorum < 1 || quorum > members || accepted < 0 || accepted > members) {
      throw new IllegalArgumentException("not a quorum count: " + accepted + " of " + members
          + ", quorum " + quorum);
    }
    notConsenters = List.copyOf(Objects.requireNonNull(notConsenters, "notConsenters"));
    consentersNotGiven =
        List.copyOf(Objects.requireNonNull(consentersNotGiven, "consentersNotGiven"));
  }

  /** Whether a quorum accepted. */
  public boolean reached() {
    return accepted >= quorum;
  }

  /** What the members are: {@code consenters} or {@code orderers}. */
  public String countedOver() {
    return overConsenters ? "consenters" : "orderers";
  }
}
