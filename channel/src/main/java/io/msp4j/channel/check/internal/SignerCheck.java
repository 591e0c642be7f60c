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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * Fabric's check of one signer (checkSignatureFromCreator, and the endorsers' checks): the
 * serialized identity is deserialised by the channel's MSPs, validated, and its signature over
 * the signed bytes verified. A failure keeps the MSP's reason and rule.
 *
 * <p>A check {@linkplain #forOneBlock() for one block} remembers, for each serialized identity it
 * meets, what the MSPs made of it (the identity or the deserialisation failure, and the outcome
 * of its validation), so that a signer met again in the same block is neither deserialised nor
 * validated again: the same bytes judged by the same MSPs at the same moment get the same outcome.
 * Every signature is still verified. The plain check, without memory, is the reference.
 */
final class SignerCheck {
  private final IdentityDeserializer msps;
  /** Serialized identity to what the MSPs made of it; null for the plain check. */
  private final Map<ByteString, Known> memo;

  SignerCheck(IdentityDeserializer msps) {
    this(msps, null);
  }

  private SignerCheck(IdentityDeserializer msps, Map<ByteString, Known> memo) {
    this.msps = msps;
    this.memo = memo;
  }

  /** A check with the same MSPs that remembers identities for as long as one block's check. */
  SignerCheck forOneBlock() {
    return new SignerCheck(msps, new ConcurrentHashMap<>());
  }

  /**
   * What the MSPs made of one serialized identity: the identity, or why it did not deserialise;
   * then, once asked, whether it is valid. Safe to share between threads: two threads meeting a
   * new identity at once may both validate it, with the same outcome.
   */
  private static final class Known {
    final Identity identity;
    final RuntimeException notDeserialised;
    final Signer signer;
    /** {@link #VALID}, the MSP's refusal, or null while not validated yet. */
    private volatile Object validation;

    private static final Object VALID = new Object();

    Known(Identity identity, RuntimeException notDeserialised, Signer signer) {
      this.identity = identity;
      this.notDeserialised = notDeserialised;
      this.signer = signer;
    }

    void validate() {
      Object seen = validation;
      if (seen == null) {
        try {
          identity.validate();
          seen = VALID;
        } catch (MspException e) {
          seen = e;
        }
        validation = seen;
      }
      if (seen != VALID) {
        throw (MspException) seen;
      }
    }
  }

  private Known known(ByteString serialized) {
    Known k = memo.get(serialized);
    if (k == null) {
      try {
        Identity id = msps.deserialize(serialized.toByteArray());
        CertificateRef cert = id.certificate();
        k = new Known(id, null, new Signer(id.mspId(), cert.subject(), cert.serialHex()));
      } catch (RuntimeException e) {
        k = new Known(null, e, named(serialized));
      }
      Known raced = memo.putIfAbsent(serialized, k);
      if (raced != null) {
        k = raced;
      }
    }
    return k;
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
    if (memo != null) {
      return known(serialized).signer;
    }
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
    if (memo != null) {
      return checkKnown(check, who, serialized, signed, signature);
    }
    Identity id;
    try {
      id = msps.deserialize(serialized.toByteArray());
    } catch (RuntimeException e) {
      throw notDeserialised(check, who, serialized, e);
    }
    CertificateRef cert = id.certificate();
    Signer signer = new Signer(id.mspId(), cert.subject(), cert.serialHex());
    try {
      id.validate();
    } catch (MspException e) {
      throw refused(check, who + " " + signer + " is not valid: ", e);
    }
    verify(check, who, id, signer, signed, signature);
    return signer;
  }

  /** {@link #check} through the block's memory of identities. */
  private Signer checkKnown(String check, String who, ByteString serialized, ByteString signed,
      ByteString signature) throws Refused {
    Known k = known(serialized);
    if (k.identity == null) {
      throw notDeserialised(check, who, serialized, k.notDeserialised);
    }
    try {
      k.validate();
    } catch (MspException e) {
      throw refused(check, who + " " + k.signer + " is not valid: ", e);
    }
    verify(check, who, k.identity, k.signer, signed, signature);
    return k.signer;
  }

  private static void verify(String check, String who, Identity id, Signer signer,
      ByteString signed, ByteString signature) throws Refused {
    try {
      id.verify(signed.toByteArray(), signature.toByteArray());
    } catch (MspException e) {
      throw refused(check, who + " " + signer + ": signature does not verify: ", e);
    }
  }

  private static Refused notDeserialised(String check, String who, ByteString serialized,
      RuntimeException e) {
    return refused(check, who + " (MSP '" + named(serialized).mspId() + "') does not deserialise: ", e);
  }

  private static Refused refused(String check, String what, RuntimeException e) {
    if (e instanceof MspException m) {
      return new Refused(new Refusal(check, m.reason(), m.rule(), what + m.detail()));
    }
    return new Refused(new Refusal(check, Reason.MALFORMED_IDENTITY, check, what + e.getMessage()));
  }
}
