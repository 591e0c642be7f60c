package io.msp4j.channel.rotation;

import com.google.protobuf.ByteString;
import java.util.Objects;

/**
 * A certificate of the org that the plan follows: an admin's, a node's, a user's enrollment
 * certificate, or a node's TLS certificate. Enrollment certificates are judged at every step by
 * the channel's MSPs; re-issued TLS certificates of consenters are what the plan swaps into the
 * orderer's configuration.
 *
 * @param label where it came from (a file name), for the report
 * @param certificate the PEM bytes
 */
public record RotationIdentity(String label, ByteString certificate) {

  /** Checks the parts. */
  public RotationIdentity {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(certificate, "certificate");
  }
}
