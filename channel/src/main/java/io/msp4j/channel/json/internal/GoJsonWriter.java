package io.msp4j.channel.json.internal;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a JSON tree the way Go's {@code encoding/json} encoder with {@code SetIndent("", "\t")}
 * writes the map protolator builds: object keys sorted by their UTF-8 bytes, tab indentation,
 * {@code ": "} after keys, the characters {@code < > &} and U+2028, U+2029 written as
 * backslash-u escapes, control characters as short or backslash-u escapes, numbers as the
 * printer wrote them, and a final newline.
 */
public final class GoJsonWriter {

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private GoJsonWriter() {}

  public static String write(JsonElement root) {
    StringBuilder b = new StringBuilder();
    value(b, root, 0);
    return b.append('\n').toString();
  }

  private static void value(StringBuilder b, JsonElement e, int depth) {
    if (e == null || e.isJsonNull()) {
      b.append("null");
    } else if (e instanceof JsonObject o) {
      object(b, o, depth);
    } else if (e instanceof JsonArray a) {
      array(b, a, depth);
    } else {
      JsonPrimitive p = (JsonPrimitive) e;
      if (p.isString()) {
        string(b, p.getAsString());
      } else if (p.isBoolean()) {
        b.append(p.getAsBoolean());
      } else {
        b.append(p.getAsNumber().toString());
      }
    }
  }

  private static void object(StringBuilder b, JsonObject o, int depth) {
    if (o.size() == 0) {
      b.append("{}");
      return;
    }
    List<Map.Entry<String, JsonElement>> entries = new ArrayList<>(o.entrySet());
    entries.sort((x, y) -> compareUtf8(x.getKey(), y.getKey()));
    b.append('{');
    for (int i = 0; i < entries.size(); i++) {
      b.append(i == 0 ? "\n" : ",\n");
      indent(b, depth + 1);
      string(b, entries.get(i).getKey());
      b.append(": ");
      value(b, entries.get(i).getValue(), depth + 1);
    }
    b.append('\n');
    indent(b, depth);
    b.append('}');
  }

  private static void array(StringBuilder b, JsonArray a, int depth) {
    if (a.size() == 0) {
      b.append("[]");
      return;
    }
    b.append('[');
    for (int i = 0; i < a.size(); i++) {
      b.append(i == 0 ? "\n" : ",\n");
      indent(b, depth + 1);
      value(b, a.get(i), depth + 1);
    }
    b.append('\n');
    indent(b, depth);
    b.append(']');
  }

  private static void indent(StringBuilder b, int depth) {
    for (int i = 0; i < depth; i++) {
      b.append('\t');
    }
  }

  /** Go's string encoding with HTML escaping; unpaired surrogates become U+FFFD. */
  static void string(StringBuilder b, String s) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '\b' -> b.append("\\b");
        case '\f' -> b.append("\\f");
        default -> {
          if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
            b.append("\\u").append(HEX[c >> 12 & 0xf]).append(HEX[c >> 8 & 0xf])
                .append(HEX[c >> 4 & 0xf]).append(HEX[c & 0xf]);
          } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
              && Character.isLowSurrogate(s.charAt(i + 1))) {
            b.append(c).append(s.charAt(++i));
          } else if (Character.isSurrogate(c)) {
            b.append("\\ufffd");
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
  }

  /** Compares by code points, which orders like Go's byte-wise comparison of UTF-8. */
  static int compareUtf8(String x, String y) {
    int i = 0;
    int j = 0;
    while (i < x.length() && j < y.length()) {
      int a = x.codePointAt(i);
      int c = y.codePointAt(j);
      if (a != c) {
        return Integer.compare(a, c);
      }
      i += Character.charCount(a);
      j += Character.charCount(c);
    }
    return Integer.compare(x.length() - i, y.length() - j);
  }
}
