package io.msp4j.x509.internal.pem;

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
    Found f = find(data);
    if (f == null) {
      return Optional.empty();
    }
    byte[] content = decodeBody(data, f.bodyStart, f.bodyEnd, f.decodedLength);
    byte[] rest = Arrays.copyOfRange(data, f.restStart, data.length);
    String type =
        new String(data, f.typeStart, f.typeEnd - f.typeStart, StandardCharsets.ISO_8859_1);
    return Optional.of(new PemBlock(type, Map.copyOf(f.headers), content, rest));
  }

  /** Whether the bytes hold at least one PEM block that decodes. */
  public static boolean containsBlock(byte[] data) {
    return find(data) != null;
  }

  /** Where the first well-formed block lies, its base64 body checked but not decoded. */
  private record Found(
      int typeStart, int typeEnd, Map<String, String> headers, int bodyStart, int bodyEnd,
      int decodedLength, int restStart) {}

  private static Found find(byte[] data) {
    int pos = 0;
    while (true) {
      // A BEGIN line is accepted at the very start without a preceding newline.
      if (startsWith(data, pos, BEGIN, 1)) {
        pos += BEGIN.length - 1;
      } else {
        int at = indexOf(data, pos, BEGIN);
        if (at < 0) {
          return null;
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
        return null;
      }

      int endIndex;
      int trailerStart;
      int decodedLength;
      if (headers.isEmpty() && startsWith(data, pos, END, 1)) {
        endIndex = pos;
        trailerStart = pos + END.length - 1;
        decodedLength = 0;
      } else {
        long body = scanBody(data, pos);
        if (body < 0) {
          continue;
        }
        endIndex = (int) (body >>> 32);
        trailerStart = endIndex + END.length;
        decodedLength = (int) body;
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

      if (decodedLength < 0) {
        continue;
      }
      Line endLine = line(data, endIndex + END.length - 1);
      return new Found(typeStart, typeEnd, headers, pos, endIndex, decodedLength, endLine.next);
    }
  }

  /** Base64 alphabet values; SPACE for the ignored characters, PAD for '=', INVALID else. */
  private static final byte[] VALUES = new byte[256];
  private static final byte INVALID = -1;
  private static final byte SPACE = -2;
  private static final byte PAD = -3;

  static {
    Arrays.fill(VALUES, INVALID);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < alphabet.length(); i++) {
      VALUES[alphabet.charAt(i)] = (byte) i;
    }
    for (char c : new char[] {' ', '\t', '\r', '\n'}) {
      VALUES[c] = SPACE;
    }
    VALUES['='] = PAD;
  }

  /**
   * Finds the END line from {@code from} on (a newline, then {@code -----END }) and checks on the
   * way whether the bytes before it are base64 as encoding/pem reads them: Go's standard encoding,
   * spaces, tabs, CR and LF ignored, the other characters a multiple of four, padding ('=' once or
   * twice) only at the very end. Returns -1 without an END line, else the END line's offset in the
   * upper half and the decoded size (-1 when the body does not decode) in the lower half.
   */
  private static long scanBody(byte[] data, int from) {
    int n = 0;
    int padding = 0;
    boolean valid = true;
    int last = data.length - END.length;
    int i = from;
    while (i < data.length) {
      int run = i;
      while (i < data.length && VALUES[data[i] & 0xff] >= 0) {
        i++; // the common case: base64 characters up to the end of the line
      }
      if (i > run) {
        valid &= padding == 0;
        n += i - run;
        if (i == data.length) {
          break;
        }
      }
      byte b = data[i];
      byte v = VALUES[b & 0xff];
      if (v == PAD) {
        padding++;
        n++;
      } else if (v == INVALID) {
        valid = false;
      } else if (b == '\n' && i <= last && data[i + 1] == '-' && matchesAt(data, i, END)) {
        int length = valid && n % 4 == 0 && padding <= 2 ? n / 4 * 3 - padding : -1;
        return ((long) i << 32) | (length & 0xffffffffL);
      }
      i++;
    }
    return -1;
  }

  /** The JDK's decoder: immutable, and compiled to vector instructions where the processor has them. */
  private static final Base64.Decoder JDK_BASE64 = Base64.getDecoder();

  /**
   * Decodes a body {@link #scanBody} accepted. The usual body, lines of one length broken by LF or
   * CR LF, is joined and given to the JDK's decoder, several times faster than {@link
   * #decodeBase64}; that decoder refuses any whitespace left in the joined text, so whatever it
   * accepts is the text Go decodes once it drops its whitespace, and it reads it as Go's standard
   * encoding does (padding required here by scanBody, unused trailing bits ignored). Anything else
   * is decoded by {@link #decodeBase64}, the reference.
   */
  static byte[] decodeBody(byte[] data, int from, int to, int length) {
    byte[] joined = joinedLines(data, from, to, (length + 2) / 3 * 4);
    if (joined != null) {
      byte[] out = new byte[length];
      try {
        if (JDK_BASE64.decode(joined, out) == length) {
          return out;
        }
      } catch (IllegalArgumentException e) {
        // not the usual body after all: the reference decoder reads it
      }
    }
    return decodeBase64(data, from, to, length);
  }

  /**
   * The body with the line breaks removed, when its lines (all but the last) have the first line's
   * length and there are {@code size} other bytes; else null. Only the bytes at the expected line
   * ends are looked at: what lies between is left to the decoder to accept or refuse.
   */
  static byte[] joinedLines(byte[] data, int from, int to, int size) {
    int firstBreak = indexOf(data, from, to, (byte) '\n');
    if (firstBreak < 0) {
      return to - from == size ? Arrays.copyOfRange(data, from, to) : null;
    }
    int lineLength = firstBreak - from;
    boolean crlf = lineLength > 0 && data[firstBreak - 1] == '\r';
    int textLength = crlf ? lineLength - 1 : lineLength;
    int breakLength = crlf ? 2 : 1;
    if (textLength == 0) {
      return null;
    }
    byte[] out = new byte[size];
    int o = 0;
    int i = from;
    while (to - i > textLength + breakLength) {
      int lineEnd = i + textLength;
      if (data[lineEnd + breakLength - 1] != '\n' || (crlf && data[lineEnd] != '\r')
          || size - o < textLength) {
        return null;
      }
      System.arraycopy(data, i, out, o, textLength);
      o += textLength;
      i = lineEnd + breakLength;
    }
    int last = to;
    if (crlf && last > i && data[last - 1] == '\r') {
      last--;
    }
    if (last - i != size - o) {
      return null;
    }
    System.arraycopy(data, i, out, o, last - i);
    return out;
  }

  /** Decodes base64 text that {@link #scanBody} accepted, giving {@code length} bytes. */
  static byte[] decodeBase64(byte[] data, int from, int to, int length) {
    byte[] out = new byte[length];
    int o = 0;
    int bits = 0;
    int count = 0;
    int i = from;
    while (i < to && o < length) {
      if (count == 0 && to - i >= 4 && length - o >= 3) {
        int a = VALUES[data[i] & 0xff];
        int b = VALUES[data[i + 1] & 0xff];
        int c = VALUES[data[i + 2] & 0xff];
        int d = VALUES[data[i + 3] & 0xff];
        if ((a | b | c | d) >= 0) { // four base64 characters in a row, the common case
          int quad = (a << 18) | (b << 12) | (c << 6) | d;
          out[o] = (byte) (quad >> 16);
          out[o + 1] = (byte) (quad >> 8);
          out[o + 2] = (byte) quad;
          o += 3;
          i += 4;
          continue;
        }
      }
      byte v = VALUES[data[i++] & 0xff];
      if (v < 0) {
        continue; // spaces; padding only ends the text
      }
      bits = (bits << 6) | v;
      if (++count == 4) {
        out[o++] = (byte) (bits >> 16);
        out[o++] = (byte) (bits >> 8);
        out[o++] = (byte) bits;
        bits = 0;
        count = 0;
      }
    }
    if (count == 3) {
      out[o++] = (byte) (bits >> 10);
      out[o] = (byte) (bits >> 2);
    } else if (count == 2) {
      out[o] = (byte) (bits >> 4);
    }
    return out;
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
      if (data[i] == first && matchesAt(data, i, needle)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean matchesAt(byte[] data, int at, byte[] needle) {
    for (int k = 1; k < needle.length; k++) {
      if (data[at + k] != needle[k]) {
        return false;
      }
    }
    return true;
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
