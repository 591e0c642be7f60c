package io.msp4j.channel.internal.decode;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.util.Optional;

/**
 * Walks the top-level fields of a protobuf message to say where bytes stop being one: the field,
 * its byte offset and what went wrong. Used only to explain a parse failure.
 */
final class WireScan {
  private WireScan() {}

  /** Where the bytes stop being a message, and what is wrong there. */
  record Problem(int offset, String what) {}

  /** The first problem in the top level of {@code bytes}, or empty when every field is whole. */
  static Optional<Problem> firstProblem(byte[] bytes) {
    CodedInputStream in = CodedInputStream.newInstance(bytes);
    int offset = 0;
    try {
      while (!in.isAtEnd()) {
        offset = in.getTotalBytesRead();
        int tag;
        try {
          tag = in.readTag();
        } catch (IOException e) {
          return Optional.of(new Problem(offset, "no valid field tag (" + e.getMessage() + ")"));
        }
        int field = WireFormat.getTagFieldNumber(tag);
        int type = WireFormat.getTagWireType(tag);
        if (type == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
          int len;
          try {
            len = in.readRawVarint32();
          } catch (IOException e) {
            return Optional.of(new Problem(offset, "field " + field + ": length unreadable"));
          }
          int remaining = bytes.length - in.getTotalBytesRead();
          if (len < 0 || len > remaining) {
            return Optional.of(new Problem(offset, "field " + field + " declares "
                + (len & 0xffffffffL) + " bytes but only " + remaining
                + " remain: the input is truncated or not protobuf"));
          }
          in.skipRawBytes(len);
        } else if (!in.skipField(tag)) {
          return Optional.of(new Problem(offset, "field " + field + ": an end-group tag with no group"));
        }
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of(new Problem(offset, e.getMessage()));
    }
  }
}
