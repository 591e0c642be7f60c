package io.msp4j.channel.check.internal;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.check.Refusal;
import io.msp4j.channel.check.Signer;
import io.msp4j.core.CertificateRef;
import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.IdentityDeserializer;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * Fabric's check of one signer (checkSignatureFromCreator, and the endorsers' checks): the
 * serialized identity is deserialised by the channel's MSPs, validated, and its signature over
 * the signed bytes verified. A failure keeps the MSP's reason and rule.
 */
final class SignerCheck {
  private final IdentityDeserializer msps;

  SignerCheck(IdentityDeserializer msps) {
    this.msps = msps;
  }

  /** What can be said of a serialized identity without the MSPs: the MSP ID it names. */
  static Signer named(ByteString serialized) {
    try {
      return new Signer(SerializedIdentity.parseFrom(serialized).getMspid(), "", "");
    } catch (InvalidProtocolBufferException e) {
      return new Signer("", "", "");
    }
  }

  /**
   * The signer as far as the MSPs can tell without judging it: its certificate's subject when it
   * deserialises, else the MSP ID it names.
   */
  Signer describe(ByteString serialized) {
    try {
      Identity id = msps.deserialize(serialized.toByteArray());
      return new Signer(id.mspId(), id.certificate().subject(), id.certificate().serialHex());
    } catch (RuntimeException e) {
      return named(serialized);
    }
  }

  /**
   * Checks the signer and returns it.
   *
   * @param check the check ID a failure is reported under
   * @param who names the signer in messages, such as {@code creator} or {@code endorsement[1]}
   * @throws Refused with the MSP's reason and rule when it is not a valid signer of the bytes
   */
  Signer check(String check, String who, ByteString serialized, ByteString signed,
      ByteString signature) throws Refused {
    Signer named = named(serialized);
    Identity id;
    try {
      id = msps.deserialize(serialized.toByteArray());
    } catch (RuntimeException e) {
      throw refused(check, who + " (MSP '" + named.mspId() + "') does not deserialise: ", e);
    }
    CertificateRef cert = id.certificate();
    Signer signer = new Signer(id.mspId(), cert.subject(), cert.serialHex());
    try {
      id.validate();
    } catch (MspException e) {
      throw refused(check, who + " " + signer + " is not valid: ", e);
    }
    try {
      id.verify(signed.toByteArray(), signature.toByteArray());
    } catch (MspException e) {
      throw refused(check, who + " " + signer + ": signature does not verify: ", e);
    }
    return signer;
  }

  private static Refused refused(String check, String what, RuntimeException e) {
    if (e instanceof MspException m) {
      return new Refused(new Refusal(check, m.reason(), m.rule(), what + m.detail()));
    }
    return new Refused(new Refusal(check, Reason.MALFORMED_IDENTITY, check, what + e.getMessage()));
  }
}
