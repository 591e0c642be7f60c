package io.msp4j.channel.check.internal;

import com.google.protobuf.ByteString;

/**
 * Recognises, on its bytes, an {@code Envelope} in the one form that Fabric's well-formedness
 * check (decode, both fields present, re-encode, compare) passes without decoding or re-encoding:
 * tag 1 with a minimal length and a non-empty payload, then tag 2 with a minimal length and a
 * non-empty signature, and nothing else. That is exactly what protobuf writes for an envelope
 * with both fields set, so whatever this accepts, the re-encoding check accepts too; anything
 * else (unknown fields, repeated or reordered fields, long-form lengths) is left to that check.
 */
final class CanonicalEnvelope {
  /** Field 1 (payload), wire type 2 (length-delimited). */
  private static final int PAYLOAD_TAG = 0x0A;
  /** Field 2 (signature), wire type 2. */
  private static final int SIGNATURE_TAG = 0x12;

  private CanonicalEnvelope() {}

  /** Whether {@code raw} is an envelope in canonical form with a payload and a signature. */
  static boolean is(ByteString raw) {
    int size = raw.size();
    int pos = field(raw, 0, size, PAYLOAD_TAG);
    if (pos < 0) {
      return false;
    }
    return field(raw, pos, size, SIGNATURE_TAG) == size;
  }

  /**
   * Reads one length-delimited field with this tag, a minimal non-zero length and its bytes
   * within {@code size}, from {@code pos}; the position after it, or -1.
   */
  private static int field(ByteString raw, int pos, int size, int tag) {
    if (pos >= size || (raw.byteAt(pos) & 0xFF) != tag) {
      return -1;
    }
    pos++;
    long length = 0;
    for (int shift = 0; ; shift += 7) {
      if (pos >= size || shift > 28) {
        return -1;
      }
      int b = raw.byteAt(pos++) & 0xFF;
      length |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        if (b == 0 && shift > 0) {
          return -1; // a padded length: protobuf never writes it, so the re-encoding differs
        }
        break;
      }
    }
    if (length == 0 || length > size - pos) {
      return -1;
    }
    return pos + (int) length;
  }
}
