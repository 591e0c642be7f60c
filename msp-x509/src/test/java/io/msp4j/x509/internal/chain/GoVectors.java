package io.msp4j.x509.internal.chain;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the tab-separated tables of Go 1.23 verdicts kept under {@code src/test/resources/go123}:
 * one case a line, {@code #} lines are comments, values are byte strings with {@code \xHH} and
 * {@code \\} escapes.
 */
final class GoVectors {
  private GoVectors() {}

  /** One line of a table: its number in the file and its columns. */
  record Row(int line, List<String> columns) {
    String get(int i) {
      return i < columns.size() ? columns.get(i) : "";
    }

    byte[] bytes(int i) {
      return unescape(get(i));
    }

    @Override
    public String toString() {
      return "line " + line + ": " + String.join(" | ", columns);
    }
  }

  static List<Row> read(String resource) {
    try (InputStream in = GoVectors.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + resource);
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      List<Row> rows = new ArrayList<>();
      String[] lines = text.split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].isEmpty() || lines[i].startsWith("#")) {
          continue;
        }
        rows.add(new Row(i + 1, Arrays.asList(lines[i].split("\t", -1))));
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The comment lines ({@code #} first) of a table, in order. */
  static List<String> comments(String resource) {
    try (InputStream in = GoVectors.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + resource);
      }
      List<String> out = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.startsWith("#")) {
          out.add(line);
        }
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Decodes {@code \xHH} and {@code \\}; any other character stands for itself (ASCII). */
  static byte[] unescape(String s) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 3 < s.length() && s.charAt(i + 1) == 'x') {
        out.write(Integer.parseInt(s.substring(i + 2, i + 4), 16));
        i += 3;
      } else if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '\\') {
        out.write('\\');
        i++;
      } else {
        out.write(c);
      }
    }
    return out.toByteArray();
  }

  /** Bytes as an ISO-8859-1 string, one char a byte, as Go strings hold bytes. */
  static String latin1(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }
}
