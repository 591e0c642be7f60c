package io.msp4j.x509.internal.pem;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Decodes the first PEM block of a byte array with the exact semantics of Go's
 * {@code encoding/pem.Decode}, which Fabric uses everywhere: text before the block is skipped, a
 * malformed candidate block is passed over in favour of a later one, headers are allowed, and the
 * bytes after the END line are returned. Fabric's verdicts depend on these details (SETUP-PARSE-01,
 * WELLFORMED-01, SETUP-CRL-01), which general PEM readers do not share, hence this class.
 */
public final class GoPem {
  private static final byte[] BEGIN = "\n-----BEGIN ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] END = "\n-----END ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] DASHES = "-----".getBytes(StandardCharsets.US_ASCII);

  private GoPem() {}

  /** Decodes the first well-formed PEM block, or returns empty when there is none. */
  public static Optional<PemBlock> decode(byte[] data) {
    int pos = 0;
    while (true) {
      // A BEGIN line is accepted at the very start without a preceding newline.
      if (startsWith(data, pos, BEGIN, 1)) {
        pos += BEGIN.length - 1;
      } else {
        int at = indexOf(data, pos, BEGIN);
        if (at < 0) {
          return Optional.empty();
        }
        pos = at + BEGIN.length;
      }

      Line typeLine = line(data, pos);
      pos = typeLine.next;
      if (!endsWith(data, typeLine.start, typeLine.end, DASHES)) {
        continue;
      }
      int typeStart = typeLine.start;
      int typeEnd = typeLine.end - DASHES.length;

      Map<String, String> headers = new LinkedHashMap<>();
      boolean truncated = false;
      while (true) {
        if (pos >= data.length) {
          truncated = true;
          break;
        }
        Line l = line(data, pos);
        int colon = indexOf(data, l.start, l.end, (byte) ':');
        if (colon < 0) {
          break;
        }
        headers.put(
            trimmed(data, l.start, colon), trimmed(data, colon + 1, l.end));
        pos = l.next;
      }
      if (truncated) {
        return Optional.empty();
      }

      int endIndex;
      int trailerStart;
      if (headers.isEmpty() && startsWith(data, pos, END, 1)) {
        endIndex = pos;
        trailerStart = pos + END.length - 1;
      } else {
        int at = indexOf(data, pos, END);
        if (at < 0) {
          continue;
        }
        endIndex = at;
        trailerStart = at + END.length;
      }

      int typeLength = typeEnd - typeStart;
      int trailerLength = typeLength + DASHES.length;
      if (data.length - trailerStart < trailerLength) {
        continue;
      }
      if (!Arrays.equals(
              data, trailerStart, trailerStart + typeLength, data, typeStart, typeEnd)
          || !startsWith(data, trailerStart + typeLength, DASHES, 0)) {
        continue;
      }
      Line restOfEndLine = line(data, trailerStart + trailerLength);
      if (restOfEndLine.end != restOfEndLine.start) {
        continue;
      }

      byte[] content = decodeBase64(data, pos, endIndex);
      if (content == null) {
        continue;
      }
      Line endLine = line(data, endIndex + END.length - 1);
      byte[] rest = Arrays.copyOfRange(data, endLine.next, data.length);
      String type = new String(data, typeStart, typeLength, StandardCharsets.ISO_8859_1);
      return Optional.of(new PemBlock(type, Map.copyOf(headers), content, rest));
    }
  }

  /** Whether the bytes hold at least one PEM block that decodes. */
  public static boolean containsBlock(byte[] data) {
    return decode(data).isPresent();
  }

  /** Go's standard base64: spaces, tabs, CR and LF ignored; padding required. */
  private static byte[] decodeBase64(byte[] data, int from, int to) {
    byte[] clean = new byte[to - from];
    int n = 0;
    for (int i = from; i < to; i++) {
      byte b = data[i];
      if (!isSpace(b)) {
        clean[n++] = b;
      }
    }
    if (n % 4 != 0) {
      return null;
    }
    ByteBuffer decoded;
    try {
      decoded = Base64.getDecoder().decode(ByteBuffer.wrap(clean, 0, n));
    } catch (IllegalArgumentException e) {
      return null;
    }
    byte[] out = decoded.array();
    if (decoded.arrayOffset() == 0 && decoded.position() == 0 && decoded.remaining() == out.length) {
      return out;
    }
    byte[] copy = new byte[decoded.remaining()];
    decoded.get(copy);
    return copy;
  }

  private static boolean isSpace(byte b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\n';
  }

  /** A line from {@code start} to {@code end} (CR and trailing spaces/tabs trimmed). */
  private record Line(int start, int end, int next) {}

  private static Line line(byte[] data, int from) {
    int nl = indexOf(data, from, data.length, (byte) '\n');
    int end;
    int next;
    if (nl < 0) {
      end = data.length;
      next = data.length;
    } else {
      next = nl + 1;
      end = (nl > from && data[nl - 1] == '\r') ? nl - 1 : nl;
    }
    while (end > from && (data[end - 1] == ' ' || data[end - 1] == '\t')) {
      end--;
    }
    return new Line(from, end, next);
  }

  private static String trimmed(byte[] data, int from, int to) {
    return new String(data, from, to - from, StandardCharsets.ISO_8859_1).strip();
  }

  private static boolean startsWith(byte[] data, int pos, byte[] prefix, int prefixFrom) {
    int len = prefix.length - prefixFrom;
    return pos >= 0
        && data.length - pos >= len
        && Arrays.equals(data, pos, pos + len, prefix, prefixFrom, prefix.length);
  }

  private static boolean endsWith(byte[] data, int from, int to, byte[] suffix) {
    return to - from >= suffix.length
        && Arrays.equals(data, to - suffix.length, to, suffix, 0, suffix.length);
  }

  private static int indexOf(byte[] data, int from, byte[] needle) {
    byte first = needle[0];
    int last = data.length - needle.length;
    for (int i = Math.max(from, 0); i <= last; i++) {
      if (data[i] == first
          && Arrays.equals(data, i + 1, i + needle.length, needle, 1, needle.length)) {
        return i;
      }
    }
    return -1;
  }

  private static int indexOf(byte[] data, int from, int to, byte b) {
    for (int i = from; i < to; i++) {
      if (data[i] == b) {
        return i;
      }
    }
    return -1;
  }
}
