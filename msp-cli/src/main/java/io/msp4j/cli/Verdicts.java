package io.msp4j.cli;

import java.util.Map;

/** The readable one-line form of a verdict, for output without {@code --json}. */
final class Verdicts {
  private Verdicts() {}

  static String text(Map<String, Object> v) {
    StringBuilder sb = new StringBuilder().append(v.get("input")).append(": ");
    if (Boolean.TRUE.equals(v.get("valid"))) {
      // A failure message already names the certificate; a valid verdict says which one.
      return sb.append("valid (subject \"").append(v.get("subject"))
          .append("\", serial ").append(v.get("serial")).append(')').toString();
    }
    return sb.append("INVALID [").append(v.get("rule")).append("] ").append(v.get("message")).toString();
  }
}
