package io.msp4j.network.internal;

import io.msp4j.network.Endpoint;
import io.msp4j.network.NetworkException;
import org.hyperledger.fabric.protos.common.Status;

/**
 * What a Deliver service's final status means to a follower that has not reached its last block
 * (DELIVER-08: FORBIDDEN for a refused reader, NOT_FOUND for an unknown channel, and also from a
 * Fabric v3 orderer asked for a block past its height, as one that is catching up is; an orderer
 * without a Raft leader answers SERVICE_UNAVAILABLE for a few seconds after it starts).
 */
public final class DeliverStatuses {
  private DeliverStatuses() {}

  /** The failure a status stands for; every status is one, since the stream ended early. */
  public static NetworkException failure(Endpoint endpoint, Status s) {
    String where = endpoint.toString();
    return switch (s) {
      case FORBIDDEN -> new NetworkException(NetworkException.Kind.FORBIDDEN, where,
          where + " refused access to the channel (FORBIDDEN): the signer is not one of its readers", null);
      case NOT_FOUND -> new NetworkException(NetworkException.Kind.NOT_FOUND, where,
          where + " does not know the channel, or does not have the block asked for yet "
              + "(NOT_FOUND)", null);
      case BAD_REQUEST -> new NetworkException(NetworkException.Kind.REFUSED, where,
          where + " refused the request as malformed (BAD_REQUEST)", null);
      case SERVICE_UNAVAILABLE -> new NetworkException(NetworkException.Kind.UNAVAILABLE, where,
          where + " cannot serve the channel now (SERVICE_UNAVAILABLE)", null);
      case SUCCESS -> new NetworkException(NetworkException.Kind.UNAVAILABLE, where,
          where + " ended the stream (SUCCESS) before the last block asked for", null);
      default -> new NetworkException(NetworkException.Kind.UNAVAILABLE, where,
          where + " ended the stream with status " + s, null);
    };
  }
}
