package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import java.util.function.UnaryOperator;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.msp.SerializedIdemixIdentity;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/** Edits of serialized idemix identities, for tampering tests. */
final class Identities {
  private Identities() {}

  static byte[] edit(byte[] serialized, UnaryOperator<SerializedIdemixIdentity.Builder> change) {
    try {
      SerializedIdentity si = SerializedIdentity.parseFrom(serialized);
      SerializedIdemixIdentity inner = SerializedIdemixIdentity.parseFrom(si.getIdBytes());
      return si.toBuilder().setIdBytes(change.apply(inner.toBuilder()).build().toByteString())
          .build().toByteArray();
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  static byte[] withMspId(byte[] serialized, String mspId) {
    try {
      return SerializedIdentity.parseFrom(serialized).toBuilder().setMspid(mspId).build().toByteArray();
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  static byte[] withRole(byte[] serialized, MSPRole.MSPRoleType role) {
    return edit(serialized, b -> {
      try {
        return b.setRole(MSPRole.parseFrom(b.getRole()).toBuilder().setRole(role).build().toByteString());
      } catch (InvalidProtocolBufferException e) {
        throw new AssertionError(e);
      }
    });
  }

  static byte[] withOu(byte[] serialized, String ou) {
    return edit(serialized, b -> {
      try {
        return b.setOu(OrganizationUnit.parseFrom(b.getOu()).toBuilder()
            .setOrganizationalUnitIdentifier(ou).build().toByteString());
      } catch (InvalidProtocolBufferException e) {
        throw new AssertionError(e);
      }
    });
  }

  static byte[] withProofByteFlipped(byte[] serialized, int index) {
    return edit(serialized, b -> {
      byte[] proof = b.getProof().toByteArray();
      proof[index % proof.length] ^= 0x01;
      return b.setProof(ByteString.copyFrom(proof));
    });
  }

  static byte[] withPseudonym(byte[] serialized, byte[] xy) {
    return edit(serialized, b -> b.setNymX(ByteString.copyFrom(xy, 0, 32))
        .setNymY(ByteString.copyFrom(xy, 32, xy.length - 32)));
  }
}
