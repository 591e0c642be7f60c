package io.msp4j.network;

import java.time.Instant;
import java.util.Objects;

/**
 * The follower found its block source withholding blocks (DELIVER-BFT-03): another orderer's
 * header stream delivered a verified header ahead of the last block, and no block at least as
 * high came from the source within the censorship timeout. The follower takes blocks from
 * another endpoint next, resuming at the block after {@code lastBlock}.
 *
 * @param source the block source suspected
 * @param header the number of the verified header the source did not deliver
 * @param lastBlock the last block verified when censorship was declared
 * @param suspectedAt when that header arrived: the censorship timeout runs from here
 * @param switchedTo the endpoint the follower turns to next
 */
public record CensorshipEvent(Endpoint source, long header, long lastBlock, Instant suspectedAt,
    Endpoint switchedTo) {

  /** Checks the parts. */
  public CensorshipEvent {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(suspectedAt, "suspectedAt");
    Objects.requireNonNull(switchedTo, "switchedTo");
  }
}
