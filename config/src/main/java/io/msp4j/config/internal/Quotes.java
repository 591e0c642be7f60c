package io.msp4j.config.internal;

/** Quoting of YAML text for messages, with control characters escaped. */
final class Quotes {
  private Quotes() {}

  /** {@code "text"}, shortened past 60 characters, with quotes, backslashes and controls escaped. */
  static String go(String text) {
    String shown = text.length() > 60 ? text.substring(0, 57) + "..." : text;
    StringBuilder b = new StringBuilder("\"");
    for (char c : shown.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20 || c == 0x7f) {
        b.append(String.format("\\x%02x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
