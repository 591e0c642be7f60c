package io.msp4j.core.policy;

import io.msp4j.core.FabricRelease;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class PolicyDslTest {

  static SignaturePolicy signedBy(int i) {
    return SignaturePolicy.newBuilder().setSignedBy(i).build();
  }

  static SignaturePolicy outOf(int n, SignaturePolicy... rules) {
    return SignaturePolicy.newBuilder()
        .setNOutOf(SignaturePolicy.NOutOf.newBuilder().setN(n).addAllRules(List.of(rules)))
        .build();
  }

  static MSPPrincipal role(String msp, Principal.RoleType role) {
    return new Principal.Role(msp, role).toProto();
  }

  static MSPPrincipal member(String msp) {
    return role(msp, Principal.RoleType.MEMBER);
  }

  static SignaturePolicyEnvelope envelope(SignaturePolicy rule, MSPPrincipal... identities) {
    return SignaturePolicyEnvelope.newBuilder().setRule(rule).addAllIdentities(List.of(identities)).build();
  }

  static PolicyDslException refused(String expression) {
    return assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(expression));
  }

  static Stream<Arguments> fabricVectors() throws IOException {
    return vectors("fabric-dsl-vectors.tsv");
  }

  static Stream<Arguments> fabricV25Vectors() throws IOException {
    return vectors("fabric-v2.5.12-dsl-vectors.tsv");
  }

  /** Lines of {@code hex TAB expression} (hex {@code -} for a refusal), as (expression, hex). */
  static Stream<Arguments> vectors(String resource) throws IOException {
    List<Arguments> out = new ArrayList<>();
    try (InputStream in =
            Objects.requireNonNull(PolicyDslTest.class.getResourceAsStream(resource));
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.startsWith("#")) {
          continue;
        }
        int tab = line.indexOf('\t');
        out.add(Arguments.of(line.substring(tab + 1), line.substring(0, tab)));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("fabricVectors")
  @Tag("POLICY-DSL-04")
  void envelopeIsByteIdenticalToFabrics(String expression, String fabricHex) {
    assertThat(HexFormat.of().formatHex(PolicyDsl.compile(expression, FabricRelease.V3_0_0).toByteArray()))
        .isEqualTo(fabricHex);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("fabricV25Vectors")
  @Tag("DELTA25-06")
  void fabricV25sEnvelopesAndRefusalsAreReproduced(String expression, String fabricHex) {
    // Fabric v2.5 gives the same answers as v3.0 on these: envelopes for grammatical input,
    // refusals for malformed gates, principals, counts and nesting.
    if (fabricHex.equals("-")) {
      assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(expression, FabricRelease.V2_5_12));
    } else {
      assertThat(HexFormat.of().formatHex(PolicyDsl.compile(expression, FabricRelease.V2_5_12).toByteArray()))
          .isEqualTo(fabricHex);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"AND", "And", "and", "OR", "Or", "or"})
  @Tag("POLICY-DSL-01")
  void andOrAcceptExactlyFabricsSpellings(String gate) {
    SignaturePolicyEnvelope env = PolicyDsl.compile(gate + "('A.member','B.member')", FabricRelease.V3_0_0);
    int n = gate.equalsIgnoreCase("and") ? 2 : 1;
    assertThat(env).isEqualTo(envelope(outOf(n, signedBy(0), signedBy(1)), member("A"), member("B")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"OutOf", "outof", "OUTOF"})
  @Tag("POLICY-DSL-01")
  void outOfAcceptsExactlyFabricsSpellings(String gate) {
    assertThat(PolicyDsl.compile(gate + "(1,'A.member')"))
        .isEqualTo(envelope(outOf(1, signedBy(0)), member("A")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"aNd", "AnD", "oR", "Outof", "OUTOf", "outOf", "NOT", "ANY", "AND_", "AND.x"})
  @Tag("POLICY-DSL-01")
  void otherGateSpellingsAreRefused(String gate) {
    PolicyDslException e = refused("OR('A.member', " + gate + "('B.member'))");
    assertThat(e.reason()).isEqualTo(Reason.POLICY_DSL_SYNTAX);
    assertThat(e.rule()).isEqualTo("POLICY-DSL-01");
    assertThat(e.offset()).isEqualTo(15);
    assertThat(e.detail()).contains("unknown gate '" + gate + "'");
  }

  @Test
  @Tag("POLICY-DSL-01")
  void doubleQuotesMeanTheSameAsSingleQuotes() {
    assertThat(PolicyDsl.compile("AND(\"A.member\", 'B.peer')").toByteArray())
        .isEqualTo(PolicyDsl.compile("AND('A.member', 'B.peer')").toByteArray());
  }

  @ParameterizedTest
  @ValueSource(strings = {"OR('A.member\")", "OR(\"A.member')"})
  @Tag("POLICY-DSL-01")
  void aStringEndsOnlyAtItsOwnQuote(String expression) {
    PolicyDslException e = refused(expression);
    assertThat(e.detail()).contains("unterminated string");
    assertThat(e.offset()).isEqualTo(3);
  }

  @Test
  @Tag("POLICY-DSL-01")
  void whiteSpaceIsGosBetweenTokens() {
    SignaturePolicyEnvelope plain = PolicyDsl.compile("OutOf(1,'A.member')");
    for (String space : List.of(" ", "\t", "\n", "\r\n", "\u000b", "\f", "\u0085", "\u00a0", "\u2003", "\u3000")) {
      String spaced = space + "OutOf" + space + "(" + space + "1" + space + "," + space + "'A.member'" + space + ")" + space;
      assertThat(PolicyDsl.compile(spaced)).as("%04x", (int) space.charAt(0)).isEqualTo(plain);
    }
    // Zero-width space and the file separator are not white space for Go.
    assertThat(refused("OR(\u200b'A.member')").offset()).isEqualTo(3);
    assertThat(refused("OR('A.member')\u001c").offset()).isEqualTo(14);
  }

  @Test
  @Tag("POLICY-DSL-02")
  void mspIdIsEverythingBeforeTheLastDot() {
    assertThat(PolicyDsl.compile("OR('A.B.member')").getIdentities(0)).isEqualTo(member("A.B"));
    assertThat(PolicyDsl.compile("OR('A.member.member')").getIdentities(0)).isEqualTo(member("A.member"));
    assertThat(PolicyDsl.compile("OR('..peer')").getIdentities(0)).isEqualTo(role(".", Principal.RoleType.PEER));
    assertThat(PolicyDsl.compile("OR('-x-.orderer')").getIdentities(0))
        .isEqualTo(role("-x-", Principal.RoleType.ORDERER));
  }

  @Test
  @Tag("POLICY-DSL-02")
  void eachRoleNameGivesItsRole() {
    SignaturePolicyEnvelope env =
        PolicyDsl.compile("OR('M.member','M.admin','M.client','M.peer','M.orderer')");
    assertThat(env.getIdentitiesList())
        .containsExactly(
            role("M", Principal.RoleType.MEMBER),
            role("M", Principal.RoleType.ADMIN),
            role("M", Principal.RoleType.CLIENT),
            role("M", Principal.RoleType.PEER),
            role("M", Principal.RoleType.ORDERER));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "A.Member", "A.MEMBER", "A.members", "A", "member", ".member", "A.member.", "A.",
        " A.member", "A.member ", "Org_1.member", "Org 1.member", "É.member", "A\\.member"
      })
  @Tag("POLICY-DSL-02")
  void principalsOutsideThePatternAreRefused(String principal) {
    PolicyDslException e = refused("AND('B.peer', '" + principal + "')");
    assertThat(e.reason()).isEqualTo(Reason.POLICY_DSL_PRINCIPAL);
    assertThat(e.rule()).isEqualTo("POLICY-DSL-02");
    assertThat(e.offset()).isBetween(14, 14 + principal.length());
  }

  @Test
  @Tag("POLICY-DSL-02")
  void theCaretPointsAtTheFirstCharacterOutsideAnMspId() {
    PolicyDslException e = refused("OR('Org_1.member')");
    assertThat(e.offset()).isEqualTo(7);
    assertThat(e.caretDisplay()).isEqualTo("    OR('Org_1.member')\n           ^");
  }

  @Test
  @Tag("POLICY-DSL-03")
  void countsAreIntegersDecimalsOrQuotedIntegers() {
    SignaturePolicyEnvelope two =
        envelope(outOf(2, signedBy(0), signedBy(1)), member("A"), member("B"));
    for (String count : List.of("2", "02", "2.0", "2.", "2.99", "'2'", "\"2\"", "'002'")) {
      assertThat(PolicyDsl.compile("OutOf(" + count + ", 'A.member', 'B.member')")).as(count).isEqualTo(two);
    }
    assertThat(PolicyDsl.compile("OutOf(.5, 'A.member')").getRule().getNOutOf().getN()).isZero();
  }

  @Test
  @Tag("POLICY-DSL-03")
  void quotedDecimalsSpacedQuotedCountsAndNegativeZeroTruncateAsInFabric() {
    // Fabric pastes a quoted count back into the expression and evaluates it again, and converts
    // every number to int by truncation toward zero: these are the counts it builds.
    Map<String, Integer> expected = Map.of(
        "'2.5'", 2, "' 1'", 1, "'1 '", 1, "' 2.9 '", 2, "'-0'", 0, "-0", 0, "-0.0", 0, "-0.5", 0,
        "'.5'", 0);
    expected.forEach((count, n) -> assertThat(
            PolicyDsl.compile("OutOf(" + count + ", 'A.member', 'B.member')").getRule().getNOutOf().getN())
        .as(count).isEqualTo(n));
    assertThat(refused("OutOf(-1.5, 'A.member')").detail()).contains("between 0 and 2");
  }

  @Test
  @Tag("POLICY-DSL-03")
  void aDecimalIsReadAsADoubleBeforeTruncation() {
    // 2.9999999999999999999 is 3.0 as a double, so Fabric's count is 3, not 2.
    assertThat(PolicyDsl.compile("OutOf(2.9999999999999999999, 'A.member', 'B.member')")
            .getRule().getNOutOf().getN())
        .isEqualTo(3);
  }

  @Test
  @Tag("POLICY-DSL-03")
  void countRangesFromZeroToOneMoreThanTheItems() {
    assertThat(PolicyDsl.compile("OutOf(0, 'A.member', 'B.member')").getRule().getNOutOf().getN()).isZero();
    assertThat(PolicyDsl.compile("OutOf(3, 'A.member', 'B.member')").getRule().getNOutOf().getN()).isEqualTo(3);
    for (String count : List.of("4", "-1", "4.5", "'4'", "99999999999999999999", "1e400")) {
      PolicyDslException e = refused("OutOf(" + count + ", 'A.member', 'B.member')");
      assertThat(e.rule()).as(count).isIn("POLICY-DSL-03", "POLICY-DSL-01");
    }
    PolicyDslException e = refused("OutOf(4, 'A.member', 'B.member')");
    assertThat(e.reason()).isEqualTo(Reason.POLICY_DSL_COUNT);
    assertThat(e.rule()).isEqualTo("POLICY-DSL-03");
    assertThat(e.offset()).isEqualTo(6);
    assertThat(e.detail()).contains("between 0 and 3 for 2 items");
  }

  @ParameterizedTest
  @ValueSource(strings = {"''", "' '", "'x'", "1.2.3", ".", "-", "'-'", "'1 1'", "'A.member'", "x"})
  @Tag("POLICY-DSL-03")
  void malformedCountsAreRefused(String count) {
    PolicyDslException e = refused("OutOf(" + count + ", 'A.member', 'B.member')");
    assertThat(e.reason()).isEqualTo(Reason.POLICY_DSL_COUNT);
    assertThat(e.offset()).isEqualTo(6);
  }

  @Test
  @Tag("POLICY-DSL-04")
  void gatesBecomeNOutOfWithItemsInOrder() {
    assertThat(PolicyDsl.compile("AND('A.member','B.admin','C.peer')"))
        .isEqualTo(
            envelope(
                outOf(3, signedBy(0), signedBy(1), signedBy(2)),
                member("A"),
                role("B", Principal.RoleType.ADMIN),
                role("C", Principal.RoleType.PEER)));
    assertThat(PolicyDsl.compile("OR('A.member','B.member','C.member')").getRule().getNOutOf().getN()).isEqualTo(1);
    assertThat(PolicyDsl.compile("OR('A.member')").getVersion()).isZero();
  }

  @Test
  @Tag("POLICY-DSL-05")
  void identitiesAreNumberedInPostOrder() {
    assertThat(PolicyDsl.compile("OR('A.member', AND('B.member','C.member'))"))
        .isEqualTo(
            envelope(
                outOf(1, signedBy(2), outOf(2, signedBy(0), signedBy(1))),
                member("B"),
                member("C"),
                member("A")));
    assertThat(PolicyDsl.compile("AND('A.member', OR('B.member', AND('C.member')), 'D.member', OR('E.member'))"))
        .isEqualTo(
            envelope(
                outOf(4, signedBy(3), outOf(1, signedBy(1), outOf(1, signedBy(0))), signedBy(4), outOf(1, signedBy(2))),
                member("C"),
                member("B"),
                member("E"),
                member("A"),
                member("D")));
  }

  @Test
  @Tag("POLICY-DSL-06")
  void repeatedPrincipalsAreNotMerged() {
    assertThat(PolicyDsl.compile("AND('A.member', OR('A.member'), 'A.member')"))
        .isEqualTo(
            envelope(outOf(3, signedBy(1), outOf(1, signedBy(0)), signedBy(2)), member("A"), member("A"), member("A")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   ", "\n\t"})
  @Tag("POLICY-DSL-07")
  void emptyInputIsRefused(String expression) {
    PolicyDslException e = refused(expression);
    assertThat(e.reason()).isEqualTo(Reason.POLICY_DSL_SYNTAX);
    assertThat(e.rule()).isEqualTo("POLICY-DSL-07");
    assertThat(e.detail()).contains("empty");
  }

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of("AND()", 4, "no items"),
        Arguments.of("OR( )", 4, "no items"),
        Arguments.of("OutOf(1)", 7, "no items"),
        Arguments.of("OutOf()", 6, "count"),
        Arguments.of("OR('A.member', 2)", 15, "number is not an item"),
        Arguments.of("OR(1)", 3, "number is not an item"),
        Arguments.of("OR(true)", 3, "unknown gate 'true'"),
        Arguments.of("OR(A.member)", 3, "unknown gate 'A.member'"),
        Arguments.of("'A.member'", 0, "expected a gate"),
        Arguments.of("'1'", 0, "expected a gate"),
        Arguments.of("1", 0, "expected a gate"),
        Arguments.of("OR('A.member'))", 14, "after the end"),
        Arguments.of("OR('A.member') OR('B.member')", 15, "after the end"),
        Arguments.of("OR(,'A.member')", 3, "expected a principal"),
        Arguments.of("OR('A.member' 'B.member')", 14, "',' or ')'"),
        Arguments.of("OR('A.member'", 13, "',' or ')'"),
        Arguments.of("OR 'A.member'", 3, "'('"),
        Arguments.of("OR('A.member", 3, "unterminated"),
        Arguments.of("OR([A])", 3, "expected a principal"));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("malformed")
  @Tag("POLICY-DSL-07")
  void malformedInputIsRefusedAtTheOffendingCharacter(String expression, int offset, String says) {
    PolicyDslException e = refused(expression);
    assertThat(e.offset()).isEqualTo(offset);
    assertThat(e.detail()).contains(says).endsWith("at offset " + offset);
    assertThat(e.getMessage()).contains("[" + e.rule() + "]\n    " + expression.replace('\n', ' '));
  }

  /** Inputs Fabric v3.0.0's expression engine accepts although they are outside the language. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "OutOf(1+1,'A.member','B.member')",
        "OutOf(2*1,'A.member')",
        "OutOf(-1+2,'A.member')",
        "OutOf(0x1,'A.member')",
        "(OR('A.member'))",
        "OR(('A.member','B.member'))",
        "OR('A.member', ('B.member'))",
        "OR('A.member') + ''",
        "true ? OR('A.member') : OR('B.member')",
        "OR('A.member\")",
        "OR(\"A.member')",
        "OR('A\\.member')",
        "OR('outof(1, \\'A.member\\')')",
        "'outof(1, \\'A.member\\')'"
      })
  @Tag("POLICY-DSL-07")
  void inputsOnlyFabricsExpressionEngineAcceptsAreRefused(String expression) {
    assertThat(refused(expression).reason())
        .isIn(Reason.POLICY_DSL_SYNTAX, Reason.POLICY_DSL_PRINCIPAL, Reason.POLICY_DSL_COUNT);
  }

  @Test
  @Tag("POLICY-DSL-07")
  @Tag("LIMIT-06")
  void nestingIsBoundedWithoutExhaustingTheStack() {
    int depth = DslParser.MAX_DEPTH;
    String ok = "OR(".repeat(depth) + "'A.member'" + ")".repeat(depth);
    assertThat(PolicyDsl.compile(ok).getIdentitiesCount()).isEqualTo(1);
    String deep = "OR(".repeat(depth + 1) + "'A.member'" + ")".repeat(depth + 1);
    PolicyDslException e = refused(deep);
    assertThat(e.offset()).isEqualTo(3 * depth);
    assertThat(e.detail()).contains("nest deeper");
    assertThat(e.reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-06");
    String huge = "OR(".repeat(200_000);
    assertThat(refused(huge).reason()).isEqualTo(Reason.LIMIT_EXCEEDED);
  }

  @Test
  @Tag("POLICY-DSL-07")
  void theCaretDisplayShowsAWindowOfLongExpressionsOnOneLine() {
    String expression = "AND(" + "'A.member',\n".repeat(40) + "'B.Member')";
    PolicyDslException e = refused(expression);
    String[] lines = e.caretDisplay().split("\n");
    assertThat(lines).hasSize(2);
    assertThat(lines[0]).startsWith("    ...").doesNotContain("\t").hasSizeLessThan(90);
    int caret = lines[1].indexOf('^');
    assertThat(lines[1].trim()).isEqualTo("^");
    assertThat(lines[0].charAt(caret)).isEqualTo('\'');
    assertThat(lines[0].substring(caret)).startsWith("'B.Member'");
  }
}
