package io.msp4j.channel.check;

import java.util.Objects;
import java.util.Optional;

/**
 * The verdict on a signed proposal.
 *
 * @param txId the proposal's transaction ID, or "" when the header does not decode
 * @param creator the creator, when the header names one
 * @param refusal why it is refused; empty when the creator is valid and its signature verifies
 */
public record ProposalVerdict(String txId, Optional<Signer> creator, Optional<Refusal> refusal) {
  public ProposalVerdict {
    Objects.requireNonNull(txId, "txId");
    Objects.requireNonNull(creator, "creator");
    Objects.requireNonNull(refusal, "refusal");
  }

  /** Whether the proposal passes. */
  public boolean valid() {
    return refusal.isEmpty();
  }
}
