package io.msp4j.cli;

import java.util.Map;
import java.util.StringJoiner;

/** The readable one-line form of a verdict, for output without {@code --json}. */
final class Verdicts {
  private Verdicts() {}

  static String text(Map<String, Object> v) {
    StringBuilder sb = new StringBuilder().append(v.get("input")).append(": ");
    if (Boolean.TRUE.equals(v.get("valid"))) {
      // A failure message already names the certificate; a valid verdict says which one.
      sb.append("valid ").append(named(v));
      return appendRoles(sb, v).toString();
    }
    sb.append("INVALID [").append(v.get("rule")).append("] ").append(v.get("message"));
    return appendRoles(sb, v).toString();
  }

  /**
   * {@code (subject "...", serial ...)} of a verdict's identity; without the serial for an
   * idemix identity, which has none.
   */
  static String named(Map<String, Object> v) {
    String serial = v.get("serial") == null || "".equals(v.get("serial")) ? ""
        : ", serial " + v.get("serial");
    return "(subject \"" + v.get("subject") + "\"" + serial + ")";
  }

  /** " roles: admin, client" for the roles the identity satisfies, nothing when none. */
  private static StringBuilder appendRoles(StringBuilder sb, Map<String, Object> v) {
    if (v.get("roles") instanceof Map<?, ?> roles) {
      StringJoiner held = new StringJoiner(", ", " roles: ", "").setEmptyValue("");
      roles.forEach((role, yes) -> {
        if (Boolean.TRUE.equals(yes)) {
          held.add(String.valueOf(role));
        }
      });
      sb.append(held);
    }
    return sb;
  }
}
