package io.msp4j.channel.check;

import java.util.Objects;

/**
 * A signer as far as it could be read: the MSP ID it names and, when it deserialised, its
 * certificate's subject and serial.
 *
 * @param mspId the MSP ID of the serialized identity ("" when it does not decode)
 * @param subject the certificate subject, or "" when it did not deserialise
 * @param serialHex the certificate serial number in hex, or ""
 */
public record Signer(String mspId, String subject, String serialHex) {
  public Signer {
    Objects.requireNonNull(mspId, "mspId");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(serialHex, "serialHex");
  }

  @Override
  public String toString() {
    return mspId + (subject.isEmpty() ? "" : " " + subject);
  }
}
