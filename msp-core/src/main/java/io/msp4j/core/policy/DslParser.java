package io.msp4j.core.policy;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.InputLimits;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;

/**
 * Recursive-descent parser of the signature-policy language (POLICY-DSL-01..07). It accepts
 * exactly the grammar of the spec and builds the envelope Fabric's {@code policydsl.FromString}
 * builds for it, byte for byte; everything else is refused with the offset of the first character
 * that does not fit. Where the release's expression engine decides differently (REL-DSL-01,
 * {@link DslEngine}), the parser follows the release it was given.
 */
final class DslParser {
  /** Deepest gate nesting accepted; far beyond any real policy, it keeps the stack bounded. */
  static final int MAX_DEPTH = 1000;

  /** The gate spellings Fabric registers: each name in three cases, no others. */
  private static final Map<String, GateKind> GATES =
      Map.of(
          "AND", GateKind.AND, "And", GateKind.AND, "and", GateKind.AND,
          "OR", GateKind.OR, "Or", GateKind.OR, "or", GateKind.OR,
          "OUTOF", GateKind.OUTOF, "OutOf", GateKind.OUTOF, "outof", GateKind.OUTOF);

  private static final Map<String, Principal.RoleType> ROLES =
      Map.of(
          "member", Principal.RoleType.MEMBER,
          "admin", Principal.RoleType.ADMIN,
          "client", Principal.RoleType.CLIENT,
          "peer", Principal.RoleType.PEER,
          "orderer", Principal.RoleType.ORDERER);

  private enum GateKind {
    AND,
    OR,
    OUTOF
  }

  /** A parsed item: a principal or a nested gate. */
  private sealed interface Item permits RoleItem, Gate {}

  private record RoleItem(MSPPrincipal principal) implements Item {}

  private record Gate(int count, List<Item> items) implements Item {}

  private final String text;
  private final FabricRelease release;
  private final DslEngine engine;
  private int pos;
  private int principals;
  private int gates;

  private DslParser(String text, FabricRelease release) {
    this.text = text;
    this.release = release;
    this.engine = DslEngine.of(release);
  }

  static SignaturePolicyEnvelope compile(String text, FabricRelease release) {
    DslParser p = new DslParser(text, release);
    p.skipSpace();
    if (p.pos == text.length()) {
      throw p.error(Reason.POLICY_DSL_SYNTAX, "POLICY-DSL-07", "the policy is empty", p.pos);
    }
    Gate root = p.gate(1);
    p.skipSpace();
    if (p.pos != text.length()) {
      throw p.error(
          Reason.POLICY_DSL_SYNTAX,
          "POLICY-DSL-01",
          "unexpected " + p.describeHere() + " after the end of the policy",
          p.pos);
    }
    p.checkEngineSize();
    List<MSPPrincipal> identities = new ArrayList<>();
    SignaturePolicy rule = build(root, identities);
    return SignaturePolicyEnvelope.newBuilder()
        .setVersion(0)
        .setRule(rule)
        .addAllIdentities(identities)
        .build();
  }

  /**
   * Post-order numbering (POLICY-DSL-05): the nested gates of a gate take their identity indices
   * first, left to right, then the gate's own principals, left to right. No de-duplication
   * (POLICY-DSL-06).
   */
  private static SignaturePolicy build(Gate gate, List<MSPPrincipal> identities) {
    SignaturePolicy[] rules = new SignaturePolicy[gate.items().size()];
    for (int i = 0; i < rules.length; i++) {
      if (gate.items().get(i) instanceof Gate nested) {
        rules[i] = build(nested, identities);
      }
    }
    for (int i = 0; i < rules.length; i++) {
      if (gate.items().get(i) instanceof RoleItem role) {
        rules[i] = SignaturePolicy.newBuilder().setSignedBy(identities.size()).build();
        identities.add(role.principal());
      }
    }
    return SignaturePolicy.newBuilder()
        .setNOutOf(
            SignaturePolicy.NOutOf.newBuilder().setN(gate.count()).addAllRules(List.of(rules)))
        .build();
  }

  private Gate gate(int depth) {
    int start = pos;
    if (pos == text.length() || !Character.isLetter(text.charAt(pos))) {
      throw error(
          Reason.POLICY_DSL_SYNTAX,
          "POLICY-DSL-07",
          "expected a gate (AND, OR or OutOf) but found " + describeHere(),
          pos);
    }
    String name = identifier();
    GateKind kind = GATES.get(name);
    if (kind == null) {
      throw error(
          Reason.POLICY_DSL_SYNTAX,
          "POLICY-DSL-01",
          "unknown gate '" + name + "': expected AND, OR or OutOf (also And, and, Or, or, OUTOF, outof)",
          start);
    }
    if (!engine.lowerCaseAndOrAreGates() && (name.equals("and") || name.equals("or"))) {
      throw error(
          Reason.POLICY_DSL_SYNTAX,
          "REL-DSL-01",
          "'" + name + "' is an operator, not a gate, in the policy language of Fabric "
              + release + ": write " + name.toUpperCase(java.util.Locale.ROOT) + " or "
              + Character.toUpperCase(name.charAt(0)) + name.substring(1)
              + " (Fabric v3.1.4 and older, and v2.5, accept it)",
          start);
    }
    if (depth > MAX_DEPTH) {
      throw error(
          Reason.LIMIT_EXCEEDED,
          "LIMIT-06",
          "gates nest deeper than " + MAX_DEPTH + " levels (msp4j's bound; no real policy comes near)",
          start);
    }
    skipSpace();
    expect('(', "'(' after " + name);
    skipSpace();
    int countOffset = pos;
    double count = 0;
    if (kind == GateKind.OUTOF) {
      count = count(name);
      skipSpace();
      if (peek() == ')') {
        throw error(Reason.POLICY_DSL_SYNTAX, "POLICY-DSL-07", name + " has a count but no items", pos);
      }
      expect(',', "',' after the count of " + name);
      skipSpace();
    }
    if (peek() == ')') {
      throw error(Reason.POLICY_DSL_SYNTAX, "POLICY-DSL-07", name + " has no items", pos);
    }
    gates++;
    List<Item> items = new ArrayList<>();
    int blanks = 0;
    while (true) {
      if (blankLastItem(name, items.isEmpty())) {
        blanks = 1;
        break;
      }
      items.add(item(depth));
      skipSpace();
      if (peek() == ',') {
        int comma = pos;
        pos++;
        skipSpace();
        if (peek() == ')') {
          trailingComma(name, comma);
          pos++;
          break;
        }
        continue;
      }
      expect(')', "',' or ')' after an item of " + name);
      break;
    }
    int n = items.size();
    int t =
        switch (kind) {
          case AND -> n + blanks;
          case OR -> 1;
          case OUTOF -> checkedCount(count, n, name, countOffset);
        };
    return new Gate(t, List.copyOf(items));
  }

  private Item item(int depth) {
    int c = peek();
    if (c == '\'' || c == '"') {
      return principal();
    }
    if (c >= 0 && Character.isLetter(c)) {
      return gate(depth + 1);
    }
    if (c == '-' || c == '.' || (c >= '0' && c <= '9')) {
      throw error(
          Reason.POLICY_DSL_SYNTAX,
          "POLICY-DSL-07",
          "a number is not an item: items are principals such as 'Org1MSP.member' or gates",
          pos);
    }
    throw error(
        Reason.POLICY_DSL_SYNTAX,
        "POLICY-DSL-07",
        "expected a principal such as 'Org1MSP.member' or a gate but found " + describeHere(),
        pos);
  }

  /** {@code 'MSPID.role'}: the MSP ID is everything before the last dot (POLICY-DSL-02). */
  private RoleItem principal() {
    int open = pos;
    if (++principals > InputLimits.MAX_POLICY_PRINCIPALS) {
      throw error(
          Reason.LIMIT_EXCEEDED,
          "LIMIT-07",
          "the policy names more than " + InputLimits.MAX_POLICY_PRINCIPALS
              + " principals (msp4j's bound; channel policies name a few per organisation)",
          open);
    }
    String body = quoted();
    for (int i = 0; i < body.length(); i++) {
      char ch = body.charAt(i);
      if (!isMspIdChar(ch)) {
        throw error(
            Reason.POLICY_DSL_PRINCIPAL,
            "POLICY-DSL-02",
            "principal " + quoteForMessage(body) + " has " + describe(ch)
                + ": an MSP ID is letters, digits, '.' and '-'",
            open + 1 + i);
      }
    }
    int dot = body.lastIndexOf('.');
    Principal.RoleType role = dot < 0 ? null : ROLES.get(body.substring(dot + 1));
    if (dot <= 0 || role == null) {
      throw error(
          Reason.POLICY_DSL_PRINCIPAL,
          "POLICY-DSL-02",
          "principal " + quoteForMessage(body)
              + " is not MSPID.role with role member, admin, client, peer or orderer",
          open);
    }
    return new RoleItem(new Principal.Role(body.substring(0, dot), role).toProto());
  }

  /**
   * The count of OutOf (POLICY-DSL-03): a number, optionally negative, integer or decimal, or such
   * a number in quotes with spaces around it (Fabric pastes a quoted count back into the
   * expression and evaluates it again). Its value is the literal read as a double, as Fabric's
   * expression engine reads every number, so that truncation toward zero gives Fabric's count even
   * for decimals that round up, and {@code -0.5} counts as 0.
   */
  private double count(String gate) {
    int start = pos;
    int c = peek();
    if (c == '\'' || c == '"') {
      String body = quoted();
      int lineFeed = body.indexOf('\n');
      if (lineFeed >= 0 && !engine.acceptsLineFeedInString()) {
        throw error(
            Reason.POLICY_DSL_COUNT,
            "REL-DSL-01",
            "the quoted count of " + gate + " holds a line feed, which ends a string unterminated"
                + " in the policy language of Fabric " + release
                + " (Fabric v3.1.4 and older, and v2.5, accept it)",
            start + 1 + lineFeed);
      }
      String literal = body.strip();
      if (!isNumber(literal)) {
        throw error(
            Reason.POLICY_DSL_COUNT,
            "POLICY-DSL-03",
            "the count of " + gate + " must be a number or a quoted number, not "
                + quoteForMessage(body),
            start);
      }
      return Double.parseDouble(literal);
    }
    if (!(c == '-' || c == '.' || (c >= '0' && c <= '9'))) {
      throw error(
          Reason.POLICY_DSL_COUNT,
          "POLICY-DSL-03",
          "expected the count of " + gate + " but found " + describeHere(),
          start);
    }
    pos++;
    while (pos < text.length() && (text.charAt(pos) == '.' || isDigit(text.charAt(pos)))) {
      pos++;
    }
    String literal = text.substring(start, pos);
    if (!isNumber(literal)) {
      throw error(
          Reason.POLICY_DSL_COUNT, "POLICY-DSL-03", "malformed number '" + literal + "'", start);
    }
    return Double.parseDouble(literal);
  }

  /** An optional minus, then digits with at most one dot among or around them. */
  private static boolean isNumber(String s) {
    int i = s.startsWith("-") ? 1 : 0;
    boolean digit = false;
    boolean dot = false;
    for (; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch == '.' && !dot) {
        dot = true;
      } else if (isDigit(ch)) {
        digit = true;
      } else {
        return false;
      }
    }
    return digit;
  }

  /**
   * A string of white space only (or empty) as the last item of a gate, before its optional
   * trailing comma: Fabric v3.1.5 pastes a string that is not a principal back into the expression
   * it evaluates next as it stands, so a blank one leaves {@code outof(2, 'A.member', )}, which expr
   * reads as a trailing comma. The item is then no rule, yet AND counted it: {@code AND('A.member',
   * '')} is 2 out of the one rule {@code 'A.member'} (REL-DSL-01, measured). Anywhere else a blank
   * string leaves two commas in a row or a gate with no rules, and v3.1.5 refuses it, as govaluate
   * (v3.1.4 and older, v2.5) refuses every blank string. Consumes the string, the comma and the
   * closing parenthesis when it is such an item.
   */
  private boolean blankLastItem(String gate, boolean first) {
    int c = peek();
    if (engine != DslEngine.EXPR || (c != '\'' && c != '"')) {
      return false;
    }
    int open = pos;
    int close = text.indexOf(c, open + 1);
    if (close < 0) {
      return false;
    }
    for (int i = open + 1; i < close; i++) {
      if (text.charAt(i) == '\n' || !isGoSpace(text.charAt(i))) {
        return false;
      }
    }
    pos = close + 1;
    skipSpace();
    if (peek() == ',') {
      pos++;
      skipSpace();
    }
    if (peek() != ')') {
      throw error(
          Reason.POLICY_DSL_PRINCIPAL,
          "REL-DSL-01",
          "a blank string is not a principal; Fabric " + release + " drops one only as the last"
              + " item of a gate (" + gate + " then counts it but has no rule for it)",
          open);
    }
    if (first) {
      throw error(
          Reason.POLICY_DSL_PRINCIPAL,
          "REL-DSL-01",
          "a blank string is not a principal, and " + gate + " has no other item",
          open);
    }
    pos++;
    return true;
  }

  /** A comma after the last item: expr (v3.1.5) accepts it, govaluate refuses it (REL-DSL-01). */
  private void trailingComma(String gate, int comma) {
    if (!engine.acceptsTrailingComma()) {
      throw error(
          Reason.POLICY_DSL_SYNTAX,
          "REL-DSL-01",
          "a comma after the last item of " + gate + " is refused by Fabric " + release
              + " (accepted from v3.1.5 on)",
          comma);
    }
  }

  /**
   * expr stops at {@value DslEngine#EXPR_MAX_NODES} syntax-tree nodes, which a policy of many
   * gates reaches in the last of Fabric's three passes (REL-DSL-01); govaluate has no such bound.
   */
  private void checkEngineSize() {
    if (!engine.fits(gates, principals)) {
      throw error(
          Reason.POLICY_DSL_SYNTAX,
          "REL-DSL-01",
          "the policy has " + gates + (gates == 1 ? " gate and " : " gates and ") + principals
              + (principals == 1 ? " principal" : " principals") + ", which Fabric "
              + release + " compiles to an expression of " + DslEngine.nodes(gates, principals)
              + " nodes (4 per gate, 1 per principal), more than its expression engine's "
              + DslEngine.EXPR_MAX_NODES + " (Fabric v3.1.4 and older, and v2.5, have no bound)",
          0);
    }
  }

  private int checkedCount(double count, int n, String gate, int offset) {
    // Truncation toward zero, as Go's float-to-int conversion does.
    long t = (long) count;
    if (t < 0 || t > n + 1L) {
      throw error(
          Reason.POLICY_DSL_COUNT,
          "POLICY-DSL-03",
          "the count of " + gate + " is " + (count == t ? Long.toString(t) : count + " (" + t + ")")
              + " but must be between 0 and " + (n + 1) + " for " + n + " item" + (n == 1 ? "" : "s"),
          offset);
    }
    return (int) t;
  }

  /** A string in single or double quotes, closed by the same quote; returns its contents. */
  private String quoted() {
    int open = pos;
    char quote = text.charAt(pos);
    int close = text.indexOf(quote, pos + 1);
    if (close < 0) {
      throw error(Reason.POLICY_DSL_SYNTAX, "POLICY-DSL-01", "unterminated string", open);
    }
    pos = close + 1;
    return text.substring(open + 1, close);
  }

  private String identifier() {
    int start = pos;
    while (pos < text.length()) {
      char ch = text.charAt(pos);
      if (!(Character.isLetterOrDigit(ch) || ch == '_' || ch == '.')) {
        break;
      }
      pos++;
    }
    return text.substring(start, pos);
  }

  private void expect(char ch, String what) {
    if (peek() != ch) {
      throw error(
          Reason.POLICY_DSL_SYNTAX, "POLICY-DSL-01", "expected " + what + " but found " + describeHere(), pos);
    }
    pos++;
  }

  private int peek() {
    return pos < text.length() ? text.charAt(pos) : -1;
  }

  /** Skips white space as Fabric's expression engine does (Go's unicode.IsSpace). */
  private void skipSpace() {
    while (pos < text.length() && isGoSpace(text.charAt(pos))) {
      pos++;
    }
  }

  static boolean isGoSpace(char c) {
    if (c <= 0xFF) {
      return c == ' ' || (c >= '\t' && c <= '\r') || c == 0x85 || c == 0xA0;
    }
    return c == 0x1680
        || (c >= 0x2000 && c <= 0x200A)
        || c == 0x2028
        || c == 0x2029
        || c == 0x202F
        || c == 0x205F
        || c == 0x3000;
  }

  static boolean isMspIdChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '.' || c == '-';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private String describeHere() {
    return pos == text.length() ? "the end of the policy" : describe(text.charAt(pos));
  }

  private static String describe(char c) {
    if (Character.isISOControl(c) || Character.isWhitespace(c) || Character.isSpaceChar(c)) {
      return String.format("character U+%04X", (int) c);
    }
    return "'" + c + "'";
  }

  private static String quoteForMessage(String body) {
    StringBuilder b = new StringBuilder("'");
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      b.append(Character.isISOControl(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c));
    }
    return b.append('\'').toString();
  }

  private PolicyDslException error(Reason reason, String rule, String what, int offset) {
    return new PolicyDslException(reason, rule, what, text, offset);
  }
}
