package io.msp4j.cli;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.channel.Channel;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * A signer given to {@code msp policy check}: a binary {@code SerializedIdentity}, used as it is
 * whatever MSP ID it claims, or a PEM certificate, serialised with the MSP ID of the channel org
 * whose MSP recognises it: the one MSP that deserialises it (its CAs issued it), or, when several
 * do, the one of those that also validates it.
 */
final class SignerInput {
  private SignerInput() {}

  /** An identity file that names no single MSP of the channel. */
  static final class Unattributable extends Exception {
    private static final long serialVersionUID = 1L;

    Unattributable(String message) {
      super(message);
    }
  }

  /**
   * The serialized identity the file stands for, with the MSP ID it was given; {@code mspId} is
   * null when no MSP of the channel deserialises the certificate (the signer then counts for
   * nobody, as in Fabric, where no MSP ID would make it deserialise).
   */
  record Resolved(byte[] serialized, String mspId, String how) {}

  /**
   * Resolves the file's content.
   *
   * @throws Unattributable when several MSPs deserialise and validate the certificate
   */
  static Resolved resolve(byte[] content, Channel channel) throws Unattributable {
    if (!startsWithPem(content)) {
      try {
        SerializedIdentity si = SerializedIdentity.parseFrom(content);
        if (!si.getIdBytes().isEmpty() || !si.getMspid().isEmpty()) {
          return new Resolved(content.clone(), si.getMspid(), "SerializedIdentity");
        }
      } catch (InvalidProtocolBufferException notProtobuf) {
        // Not a SerializedIdentity: read it as a certificate below.
      }
    }
    List<String> deserialise = new ArrayList<>();
    List<String> validate = new ArrayList<>();
    for (Map.Entry<String, Msp> e : channel.msps().entrySet()) {
      byte[] si = serialize(e.getKey(), content);
      try {
        var identity = e.getValue().deserialize(si);
        deserialise.add(e.getKey());
        try {
          e.getValue().validate(identity);
          validate.add(e.getKey());
        } catch (IdentityException invalid) {
          // Deserialised but not valid: a candidate only when no MSP validates it.
        }
      } catch (IdentityException notThisMsp) {
        // This MSP's CAs did not issue it.
      }
    }
    if (deserialise.isEmpty()) {
      return new Resolved(null, null, "no MSP of the channel deserialises the certificate");
    }
    if (deserialise.size() == 1) {
      return new Resolved(serialize(deserialise.get(0), content), deserialise.get(0), "issued by its CAs");
    }
    if (validate.size() == 1) {
      return new Resolved(serialize(validate.get(0), content), validate.get(0),
          "issued by its CAs and valid there (also deserialised by " + deserialise + ")");
    }
    throw new Unattributable("the certificate belongs to several MSPs of the channel "
        + (validate.isEmpty() ? deserialise : validate)
        + "; give a SerializedIdentity file naming the MSP ID instead");
  }

  private static byte[] serialize(String mspId, byte[] pem) {
    return SerializedIdentity.newBuilder().setMspid(mspId).setIdBytes(ByteString.copyFrom(pem))
        .build().toByteArray();
  }

  private static boolean startsWithPem(byte[] content) {
    String head = new String(content, 0, Math.min(content.length, 64), StandardCharsets.ISO_8859_1)
        .stripLeading();
    return head.startsWith("-----BEGIN");
  }
}
