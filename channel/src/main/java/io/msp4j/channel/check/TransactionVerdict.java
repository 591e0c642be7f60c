package io.msp4j.channel.check;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The verdict on one transaction envelope.
 *
 * @param index its position in the block (0 for a lone envelope)
 * @param txId its transaction ID, or "" when the header does not decode
 * @param type its header type name (such as {@code ENDORSER_TRANSACTION}), or "" when unknown
 * @param creator the creator, when the header names one
 * @param endorsers the endorsers, in order, up to the first one refused (empty for other than
 *     endorser transactions)
 * @param refusal the first reason it is refused; empty when it passes every check
 */
public record TransactionVerdict(
    int index,
    String txId,
    String type,
    Optional<Signer> creator,
    List<Signer> endorsers,
    Optional<Refusal> refusal) {

  public TransactionVerdict {
    Objects.requireNonNull(txId, "txId");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(creator, "creator");
    endorsers = List.copyOf(endorsers);
    Objects.requireNonNull(refusal, "refusal");
  }

  /** Whether the transaction passes. */
  public boolean valid() {
    return refusal.isEmpty();
  }
}
