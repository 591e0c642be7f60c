package io.msp4j.config.internal.configtx;

/** Quotes a value for an error message: escapes, and a length limit. */
final class Quote {

  private static final int MAX = 60;

  private Quote() {}

  static String of(String v) {
    String shown = v.length() > MAX ? v.substring(0, MAX - 3) + "..." : v;
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
