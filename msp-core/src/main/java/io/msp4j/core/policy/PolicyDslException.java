package io.msp4j.core.policy;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import java.util.Objects;

/**
 * A signature-policy expression that {@link PolicyDsl#compile} refuses. It says what is wrong, the
 * 0-based offset (a {@code char} index into the expression) where it was found, and shows the
 * expression with a caret under that character:
 *
 * <pre>
 * unknown gate 'NOT': expected AND, OR or OutOf at offset 3 [POLICY-DSL-01]
 *     OR(NOT('A.member'))
 *        ^
 * </pre>
 *
 * {@link #detail()} is the first line without the rule; {@link #caretDisplay()} the other two.
 */
public final class PolicyDslException extends MspException {
  private static final long serialVersionUID = 1L;

  /** How many characters of a long expression the caret display shows. */
  private static final int WINDOW = 72;

  private final String expression;
  private final int offset;

  PolicyDslException(Reason reason, String rule, String what, String expression, int offset) {
    super(reason, rule, what + " at offset " + offset);
    this.expression = Objects.requireNonNull(expression, "expression");
    this.offset = offset;
  }

  /** The expression as given. */
  public String expression() {
    return expression;
  }

  /** The 0-based {@code char} offset of the offending character (the length for "at the end"). */
  public int offset() {
    return offset;
  }

  /**
   * Two lines: the expression (a window around the offset when it is long; tabs, line breaks and
   * other control characters shown as spaces) and a caret under the offending character.
   */
  public String caretDisplay() {
    int start = 0;
    int end = expression.length();
    if (end > WINDOW) {
      start = Math.max(0, Math.min(offset - WINDOW / 2, end - WINDOW));
      end = Math.min(end, start + WINDOW);
    }
    String prefix = start > 0 ? "..." : "";
    String suffix = end < expression.length() ? "..." : "";
    StringBuilder line = new StringBuilder("    ").append(prefix);
    for (int i = start; i < end; i++) {
      char c = expression.charAt(i);
      line.append(Character.isISOControl(c) || Character.isWhitespace(c) || Character.isSpaceChar(c) ? ' ' : c);
    }
    line.append(suffix);
    int caretColumn = 4 + prefix.length() + (offset - start);
    return line + "\n" + " ".repeat(caretColumn) + "^";
  }

  /** The one-line reason with the rule, then the caret display on the next two lines. */
  @Override
  public String getMessage() {
    return super.getMessage() + "\n" + caretDisplay();
  }

  /** What is wrong and where, on one line, without the rule ID and the caret display. */
  @Override
  public String detail() {
    String m = super.getMessage();
    String suffix = " [" + rule() + "]";
    return m.endsWith(suffix) ? m.substring(0, m.length() - suffix.length()) : m;
  }
}
