package io.msp4j.channel.check;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The verdict on a block: its own checks (structure, data hash, orderer signatures) and one
 * verdict per transaction.
 *
 * @param number the block number (0 when the block has no header)
 * @param signers the orderer signers found in the SIGNATURES metadata, in order
 * @param refusal why the block itself is refused; empty when its structure, data hash and
 *     signatures pass
 * @param transactions a verdict per transaction, in block order (empty when the data could not
 *     be read)
 * @param note what was not checked and why, or empty: the genesis block (number 0) is the
 *     channel's trust anchor, which Fabric does not verify, so nothing in it is checked
 */
public record BlockVerdict(
    long number,
    List<Signer> signers,
    Optional<Refusal> refusal,
    List<TransactionVerdict> transactions,
    Optional<String> note) {

  public BlockVerdict {
    signers = List.copyOf(signers);
    Objects.requireNonNull(refusal, "refusal");
    transactions = List.copyOf(transactions);
    Objects.requireNonNull(note, "note");
  }

  /** Whether the block and every transaction in it pass. */
  public boolean valid() {
    return refusal.isEmpty() && transactions.stream().allMatch(TransactionVerdict::valid);
  }
}
