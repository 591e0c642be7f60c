package io.msp4j.network;

/** Which Fabric service serves blocks: an orderer's or a peer's {@code Deliver}. */
public enum DeliverService {
  /** {@code orderer.AtomicBroadcast/Deliver}: the channel's ordered blocks. */
  ORDERER,
  /**
   * {@code protos.Deliver/Deliver} of a peer: the blocks it has committed (with the transaction
   * validation flags it wrote, which do not change what a deliver client verifies).
   */
  PEER
}
