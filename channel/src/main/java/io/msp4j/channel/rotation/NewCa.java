package io.msp4j.channel.rotation;

import com.google.protobuf.ByteString;
import java.util.Objects;

/**
 * A CA certificate to bring into an org's MSP.
 *
 * @param role where it goes
 * @param certificate its PEM (or DER) bytes, put into the MSP definition as given
 * @param label where it came from (a file name), for messages
 */
public record NewCa(CaRole role, ByteString certificate, String label) {

  /** Checks the parts. */
  public NewCa {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(certificate, "certificate");
    Objects.requireNonNull(label, "label");
  }
}
