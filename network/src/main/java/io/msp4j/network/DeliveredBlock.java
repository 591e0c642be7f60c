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
 * @param source the endpoint the block came from; empty for an anchor given by the caller or a
 *     block verified outside a follower
 */
public record DeliveredBlock(long number, Block block, int transactions, List<Signer> signers,
    Optional<AppliedConfig> config, boolean anchor, Optional<Endpoint> source) {

  /** Checks the parts. */
  public DeliveredBlock {
    Objects.requireNonNull(block, "block");
    signers = List.copyOf(signers);
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(source, "source");
  }

  /** A block of no known source. */
  public DeliveredBlock(long number, Block block, int transactions, List<Signer> signers,
      Optional<AppliedConfig> config, boolean anchor) {
    this(number, block, transactions, signers, config, anchor, Optional.empty());
  }

  /** The same block, as delivered by {@code endpoint}. */
  public DeliveredBlock from(Endpoint endpoint) {
    return new DeliveredBlock(number, block, transactions, signers, config, anchor,
        Optional.of(endpoint));
  }
}
