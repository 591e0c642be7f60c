package io.msp4j.channel.rotation;

import com.google.protobuf.ByteString;
import java.util.Objects;

/**
 * A CA certificate to take out of an org's MSP once nothing depends on it any more.
 *
 * @param label where it came from (a file name), for messages
 * @param certificate its PEM (or DER) bytes; matched to the MSP's entries by DER
 */
public record RetiredCa(String label, ByteString certificate) {

  /** Checks the parts. */
  public RetiredCa {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(certificate, "certificate");
  }
}
