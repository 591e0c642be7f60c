package io.msp4j.network;

import java.util.Objects;
import org.hyperledger.fabric.protos.common.Status;

/**
 * The ordering service's answer to a broadcast envelope (BROADCAST-01).
 *
 * @param status SUCCESS, or why not: BAD_REQUEST, FORBIDDEN, SERVICE_UNAVAILABLE, ...
 * @param info the service's explanation, often naming the policy that failed (may be empty)
 */
public record BroadcastResult(Status status, String info) {

  /** Checks the parts. */
  public BroadcastResult {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(info, "info");
  }

  /** Whether the service took the envelope for ordering. */
  public boolean accepted() {
    return status == Status.SUCCESS;
  }
}
