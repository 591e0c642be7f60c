package io.msp4j.network;

import io.msp4j.channel.check.Signer;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Block;

/**
 * A block that passed every check of a deliver client (DELIVER-02..06) and may be used.
 *
 * @param number the block number
 * @param block the block as delivered
 * @param transactions how many transactions it holds
 * @param signers the orderer signers of its SIGNATURES metadata, in order (none for the anchor)
 * @param config for a config block, what applying it did; empty for other blocks
 * @param anchor whether this is the trust anchor (the genesis block taken from the stream, which
 *     nothing verifies, as a peer joining with it does not)
 */
public record DeliveredBlock(long number, Block block, int transactions, List<Signer> signers,
    Optional<AppliedConfig> config, boolean anchor) {

  /** Checks the parts. */
  public DeliveredBlock {
    Objects.requireNonNull(block, "block");
    signers = List.copyOf(signers);
    Objects.requireNonNull(config, "config");
  }
}
