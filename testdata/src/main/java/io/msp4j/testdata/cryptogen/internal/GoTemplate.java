package io.msp4j.testdata.cryptogen.internal;

import io.msp4j.testdata.cryptogen.CryptoSpecException;
import io.msp4j.testdata.cryptogen.SpecLocation;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of Go's text/template that cryptogen specs use: {@code {{.Field}}} (spaces allowed
 * inside the braces). Anything else inside {@code {{ }}} is reported as unsupported.
 */
final class GoTemplate {
  private static final Pattern FIELD = Pattern.compile("\\s*\\.([A-Za-z][A-Za-z0-9_]*)\\s*");

  private GoTemplate() {}

  /**
   * Renders {@code template} with {@code data}.
   *
   * @param what the spec key being rendered, for messages
   * @throws CryptoSpecException for an unknown field or an unsupported action
   */
  static String render(String template, Map<String, String> data, SpecLocation at, String what) {
    StringBuilder out = new StringBuilder();
    int pos = 0;
    while (true) {
      int open = template.indexOf("{{", pos);
      if (open < 0) {
        out.append(template, pos, template.length());
        return out.toString();
      }
      int close = template.indexOf("}}", open + 2);
      if (close < 0) {
        throw new CryptoSpecException(at, "unclosed '{{' in " + what + " '" + template + "'");
      }
      out.append(template, pos, open);
      String action = template.substring(open + 2, close);
      Matcher m = FIELD.matcher(action);
      if (!m.matches()) {
        throw new CryptoSpecException(at, "unsupported template action '{{" + action + "}}' in "
            + what + " (only {{.Field}} is supported)");
      }
      String value = data.get(m.group(1));
      if (value == null) {
        throw new CryptoSpecException(at, "unknown template field '." + m.group(1) + "' in " + what
            + " (known: ." + String.join(", .", data.keySet()) + ")");
      }
      out.append(value);
      pos = close + 2;
    }
  }
}
