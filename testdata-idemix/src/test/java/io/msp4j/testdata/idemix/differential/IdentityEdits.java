package io.msp4j.testdata.idemix.differential;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.msp.SerializedIdemixIdentity;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/** Byte-level edits of serialized idemix identities and of protobuf messages, for the corpus. */
final class IdentityEdits {
  private IdentityEdits() {}

  static SerializedIdentity outer(byte[] serialized) {
    try {
      return SerializedIdentity.parseFrom(serialized);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException(e);
    }
  }

  static SerializedIdemixIdentity inner(byte[] serialized) {
    try {
      return SerializedIdemixIdentity.parseFrom(outer(serialized).getIdBytes());
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException(e);
    }
  }

  static byte[] edit(byte[] serialized, UnaryOperator<SerializedIdemixIdentity.Builder> change) {
    return withIdBytes(serialized, change.apply(inner(serialized).toBuilder()).build().toByteArray());
  }

  static byte[] withIdBytes(byte[] serialized, byte[] idBytes) {
    return outer(serialized).toBuilder().setIdBytes(ByteString.copyFrom(idBytes)).build().toByteArray();
  }

  static byte[] withMspId(byte[] serialized, String mspId) {
    return outer(serialized).toBuilder().setMspid(mspId).build().toByteArray();
  }

  static MSPRole role(byte[] serialized) {
    try {
      return MSPRole.parseFrom(inner(serialized).getRole());
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException(e);
    }
  }

  static OrganizationUnit ou(byte[] serialized) {
    try {
      return OrganizationUnit.parseFrom(inner(serialized).getOu());
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** The role's value replaced (any int, also one MSPRoleType does not name). */
  static byte[] withRoleValue(byte[] serialized, int value) {
    MSPRole r = role(serialized).toBuilder().setRoleValue(value).build();
    return edit(serialized, b -> b.setRole(r.toByteString()));
  }

  static byte[] withRoleMspId(byte[] serialized, String mspId) {
    MSPRole r = role(serialized).toBuilder().setMspIdentifier(mspId).build();
    return edit(serialized, b -> b.setRole(r.toByteString()));
  }

  static byte[] withOu(byte[] serialized, UnaryOperator<OrganizationUnit.Builder> change) {
    OrganizationUnit ou = change.apply(ou(serialized).toBuilder()).build();
    return edit(serialized, b -> b.setOu(ou.toByteString()));
  }

  static byte[] withRoleBytes(byte[] serialized, byte[] role) {
    return edit(serialized, b -> b.setRole(ByteString.copyFrom(role)));
  }

  static byte[] withOuBytes(byte[] serialized, byte[] ou) {
    return edit(serialized, b -> b.setOu(ByteString.copyFrom(ou)));
  }

  /** NymX and NymY as given (null leaves the field unset). */
  static byte[] withNym(byte[] serialized, byte[] x, byte[] y) {
    return edit(serialized, b -> {
      b.clearNymX().clearNymY();
      if (x != null) {
        b.setNymX(ByteString.copyFrom(x));
      }
      if (y != null) {
        b.setNymY(ByteString.copyFrom(y));
      }
      return b;
    });
  }

  /** NymX‖NymY. */
  static byte[] nym(byte[] serialized) {
    SerializedIdemixIdentity i = inner(serialized);
    return i.getNymX().concat(i.getNymY()).toByteArray();
  }

  static byte[] nymX(byte[] serialized) {
    return inner(serialized).getNymX().toByteArray();
  }

  static byte[] nymY(byte[] serialized) {
    return inner(serialized).getNymY().toByteArray();
  }

  /** NymX‖NymY split again after {@code at} bytes. */
  static byte[] withNymSplit(byte[] serialized, byte[] all, int at) {
    return withNym(serialized, Arrays.copyOfRange(all, 0, at), Arrays.copyOfRange(all, at, all.length));
  }

  static byte[] proof(byte[] serialized) {
    return inner(serialized).getProof().toByteArray();
  }

  static byte[] withProof(byte[] serialized, byte[] proof) {
    return edit(serialized, b -> b.setProof(ByteString.copyFrom(proof)));
  }

  /** The low bit of byte {@code index} flipped, as Fabric's {@code idemixjudge flip} does. */
  static byte[] flip(byte[] bytes, int index) {
    byte[] out = bytes.clone();
    out[index] ^= 0x01;
    return out;
  }

  /** {@code message} with a length-delimited field of this number and content appended. */
  static byte[] withUnknownField(byte[] message, int fieldNumber, byte[] content) {
    byte[] out = Arrays.copyOf(message, message.length + 12 + content.length);
    int n = message.length;
    n = varint(out, n, ((long) fieldNumber << 3) | WireFormat.WIRETYPE_LENGTH_DELIMITED);
    n = varint(out, n, content.length);
    System.arraycopy(content, 0, out, n, content.length);
    return Arrays.copyOf(out, n + content.length);
  }

  /** {@code message} with a varint field of this number and value appended. */
  static byte[] withVarintField(byte[] message, int fieldNumber, long value) {
    byte[] out = Arrays.copyOf(message, message.length + 20);
    int n = varint(out, message.length, ((long) fieldNumber << 3) | WireFormat.WIRETYPE_VARINT);
    n = varint(out, n, value);
    return Arrays.copyOf(out, n);
  }

  private static int varint(byte[] out, int at, long value) {
    int n = at;
    while ((value & ~0x7FL) != 0) {
      out[n++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    out[n++] = (byte) value;
    return n;
  }

  /**
   * Offsets worth flipping in a protobuf message: for each top-level field its tag, its length
   * byte and the first, middle and last byte of its content; and every {@code stride}-th byte.
   */
  static List<Integer> interestingOffsets(byte[] message, int stride) {
    TreeSet<Integer> offsets = new TreeSet<>();
    try {
      CodedInputStream in = CodedInputStream.newInstance(message);
      while (!in.isAtEnd()) {
        int tagAt = in.getTotalBytesRead();
        int tag = in.readTag();
        offsets.add(tagAt);
        if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
          int lengthAt = in.getTotalBytesRead();
          int length = in.readRawVarint32();
          int start = in.getTotalBytesRead();
          offsets.add(lengthAt);
          if (length > 0) {
            offsets.add(start);
            offsets.add(start + length / 2);
            offsets.add(start + length - 1);
          }
          in.skipRawBytes(length);
        } else {
          int valueAt = in.getTotalBytesRead();
          in.skipField(tag);
          offsets.add(valueAt);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (int i = 0; i < message.length; i += stride) {
      offsets.add(i);
    }
    offsets.add(message.length - 1);
    return new ArrayList<>(offsets);
  }
}
