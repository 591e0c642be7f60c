package io.msp4j.config.internal;

/** Quoting of YAML text for messages, with control characters escaped. */
public final class Quotes {
  private static final int DEFAULT_MAX = 60;

  private Quotes() {}

  /** {@code "text"}, shortened past 60 characters, with quotes, backslashes and controls escaped. */
  public static String of(String text) {
    return of(text, DEFAULT_MAX);
  }

  /** {@code "text"}, shortened past {@code max} characters, escaped as {@link #of(String)}. */
  public static String of(String text, int max) {
    String shown = text.length() > max ? text.substring(0, max - 3) + "..." : text;
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < shown.length(); i++) {
      char c = shown.charAt(i);
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
