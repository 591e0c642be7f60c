package io.msp4j.config.configtx;

import java.util.Objects;

/**
 * An anchor peer of an application organisation.
 *
 * @param host the host name
 * @param port the port as Go's {@code int} holds it (written into the config as an int32, keeping
 *     the low 32 bits, as configtxgen does)
 */
public record AnchorPeer(String host, long port) {
  public AnchorPeer {
    Objects.requireNonNull(host, "host");
  }
}
