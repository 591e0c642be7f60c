package io.msp4j.cli;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.charset.StandardCharsets;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * An identity given on the command line: a PEM certificate file (wrapped into a
 * SerializedIdentity of the MSP being checked) or a file holding a binary SerializedIdentity.
 */
final class IdentityInput {
  private IdentityInput() {}

  /** The serialized identity the file stands for. */
  static byte[] toSerializedIdentity(byte[] content, String mspId) {
    if (!startsWithPem(content)) {
      try {
        SerializedIdentity si = SerializedIdentity.parseFrom(content);
        if (!si.getIdBytes().isEmpty() || !si.getMspid().isEmpty()) {
          return content;
        }
      } catch (InvalidProtocolBufferException notProtobuf) {
        // Not a SerializedIdentity: read it as PEM below.
      }
    }
    return SerializedIdentity.newBuilder()
        .setMspid(mspId)
        .setIdBytes(ByteString.copyFrom(content))
        .build()
        .toByteArray();
  }

  private static boolean startsWithPem(byte[] content) {
    String head =
        new String(content, 0, Math.min(content.length, 64), StandardCharsets.ISO_8859_1).stripLeading();
    return head.startsWith("-----BEGIN");
  }
}
