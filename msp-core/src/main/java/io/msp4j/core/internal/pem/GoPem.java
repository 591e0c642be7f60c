package io.msp4j.core.internal.pem;

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
    return decode(data, true);
  }

  /**
   * {@link #decode(byte[])}; without {@code fastPath} every body is read by the reference readers
   * ({@link #scanBody}, {@link #decodeBase64}), which the tests compare it with.
   */
  static Optional<PemBlock> decode(byte[] data, boolean fastPath) {
    Found f = find(data, fastPath);
    if (f == null) {
      return Optional.empty();
    }
    byte[] content = f.decoded != null
        ? f.decoded
        : decodeBase64(data, f.bodyStart, f.bodyEnd, f.decodedLength);
    byte[] rest = Arrays.copyOfRange(data, f.restStart, data.length);
    String type =
        new String(data, f.typeStart, f.typeEnd - f.typeStart, StandardCharsets.ISO_8859_1);
    return Optional.of(new PemBlock(type, Map.copyOf(f.headers), content, rest));
  }

  /**
   * Whether the bytes hold at least one PEM block that decodes. Reads with the reference readers,
   * which check a body without decoding it: the fast path would allocate the joined text and the
   * decoded bytes (twice a large CRL's size) only to answer yes.
   */
  public static boolean containsBlock(byte[] data) {
    return find(data, false) != null;
  }

  /**
   * Where the first well-formed block lies, its base64 body checked, and decoded when the fast
   * path read it (else null).
   */
  private record Found(
      int typeStart, int typeEnd, Map<String, String> headers, int bodyStart, int bodyEnd,
      int decodedLength, byte[] decoded, int restStart) {}

  private static Found find(byte[] data, boolean fastPath) {
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
      byte[] decoded = null;
      FastBody fast;
      if (headers.isEmpty() && startsWith(data, pos, END, 1)) {
        endIndex = pos;
        trailerStart = pos + END.length - 1;
        decodedLength = 0;
      } else if (fastPath && (fast = fastBody(data, pos)) != null) {
        endIndex = fast.endIndex();
        trailerStart = endIndex + END.length;
        decoded = fast.decoded();
        decodedLength = decoded.length;
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
      return new Found(typeStart, typeEnd, headers, pos, endIndex, decodedLength, decoded,
          endLine.next);
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
  static long scanBody(byte[] data, int from) {
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

  /** The JDK's decoder: immutable, and compiled to vector instructions where the CPU has them. */
  private static final Base64.Decoder JDK_BASE64 = Base64.getDecoder();
  /** Lines longer than this are not the usual body (PEM writers use 64 or 76). */
  private static final int MAX_USUAL_LINE = 128;

  /** A body the fast path read: the offset of the newline before its END line, and its bytes. */
  record FastBody(int endIndex, byte[] decoded) {}

  /**
   * Reads the usual body from {@code from}: lines of the first line's length broken by LF or CR
   * LF, a last line no longer than the others (in a CR LF body, one character longer when it ends
   * in a bare LF), maybe blank lines, then the END line. It looks only at the expected line ends,
   * joins the lines and gives them to the JDK's decoder, several times faster than {@link
   * #scanBody} and {@link #decodeBase64}. That decoder refuses whitespace, '-' and anything else
   * outside the alphabet, so when it accepts the joined text (with the padding Go requires: whole
   * groups of four) no line holds a newline or an END line, the END line found is the first, and
   * the text is what Go decodes once it drops its whitespace, read as Go's standard encoding reads
   * it (unused trailing bits ignored). Returns null for anything else, which the reference readers
   * then read.
   */
  static FastBody fastBody(byte[] data, int from) {
    int firstBreak =
        indexOf(data, from, Math.min(data.length, from + MAX_USUAL_LINE + 2), (byte) '\n');
    if (firstBreak <= from) {
      return null;
    }
    boolean crlf = data[firstBreak - 1] == '\r';
    int text = firstBreak - from - (crlf ? 1 : 0);
    int breakLength = crlf ? 2 : 1;
    if (text == 0) {
      return null;
    }
    // Walk the full lines to the last one, which ends at the newline before the END line.
    int fullLines = 0;
    int i = from;
    int endIndex;
    int lastText;
    while (true) {
      int lineEnd = i + text;
      // A full line ends in a base64 character before its break. Not so: an empty line, or the
      // last line with the END line (ending in '-') up to where a full line would end.
      if (lineEnd + breakLength <= data.length && isBreak(data, lineEnd, crlf) && data[i] != '\n'
          && isBase64OrPad(data[lineEnd - 1])) {
        int next = lineEnd + breakLength;
        fullLines++;
        if (startsWith(data, next, END, 1)) {
          endIndex = next - 1;
          lastText = 0;
          break;
        }
        i = next;
        continue;
      }
      int nl = indexOf(data, i, Math.min(data.length, lineEnd + breakLength), (byte) '\n');
      if (nl < 0) {
        return null;
      }
      lastText = nl - i - (crlf && nl > i && data[nl - 1] == '\r' ? 1 : 0);
      // Blank lines may follow the last one: whitespace Go drops, up to the END line.
      endIndex = nl;
      while (!startsWith(data, endIndex, END, 0)) {
        byte b = data[endIndex];
        if (b != '\n' && b != '\r' && b != ' ' && b != '\t' || ++endIndex == data.length) {
          return null;
        }
      }
      break;
    }
    int total = fullLines * text + lastText;
    if (total % 4 != 0) {
      return null;
    }
    byte[] joined = new byte[total];
    for (int line = 0; line < fullLines; line++) {
      System.arraycopy(data, from + line * (text + breakLength), joined, line * text, text);
    }
    System.arraycopy(
        data, from + fullLines * (text + breakLength), joined, fullLines * text, lastText);
    try {
      return new FastBody(endIndex, JDK_BASE64.decode(joined));
    } catch (IllegalArgumentException e) {
      return null; // not the usual body after all
    }
  }

  private static boolean isBase64OrPad(byte b) {
    byte v = VALUES[b & 0xff];
    return v >= 0 || v == PAD;
  }

  private static boolean isBreak(byte[] data, int at, boolean crlf) {
    return crlf ? data[at] == '\r' && data[at + 1] == '\n' : data[at] == '\n';
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
