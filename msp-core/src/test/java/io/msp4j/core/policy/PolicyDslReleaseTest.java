package io.msp4j.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.Reason;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * REL-DSL-01: Fabric v3.1.5 reads the policy language with expr where v2.5.x and v3.0.0 to v3.1.4
 * use govaluate. Each test runs over every release msp4j follows.
 */
@Tag("REL-DSL-01")
class PolicyDslReleaseTest {

  /** Whether Fabric {@code r} compiles with expr (v3.1.5 on). */
  static boolean expr(FabricRelease r) {
    return r.compareTo(FabricRelease.V3_1_5) >= 0;
  }

  static Stream<FabricRelease> releases() {
    return FabricRelease.all().stream();
  }

  static Stream<Arguments> releasesAndLowerCaseGates() {
    return releases().flatMap(r -> Stream.of(Arguments.of(r, "and"), Arguments.of(r, "or")));
  }

  @ParameterizedTest(name = "{0}: {1}(...)")
  @MethodSource("releasesAndLowerCaseGates")
  @DisplayName("REL-DSL-01 v2.5.x, v3.0.0-v3.1.4 compile lower-case and/or; v3.1.5 refuses them")
  void lowerCaseAndOrAreGatesUpToV3_1_4AndOperatorsFromV3_1_5(FabricRelease r, String gate) {
    String text = "OR('A.member', " + gate + "('B.member', 'C.member'))";
    if (expr(r)) {
      PolicyDslException e =
          assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(text, r));
      assertThat(e.rule()).isEqualTo("REL-DSL-01");
      assertThat(e.reason()).isEqualTo(Reason.POLICY_DSL_SYNTAX);
      assertThat(e.offset()).isEqualTo(15);
      assertThat(e.detail()).contains("'" + gate + "' is an operator", r.label());
    } else {
      String upper = gate.toUpperCase(java.util.Locale.ROOT);
      assertThat(PolicyDsl.compile(text, r))
          .isEqualTo(PolicyDsl.compile("OR('A.member', " + upper + "('B.member', 'C.member'))", r));
    }
  }

  static Stream<Arguments> releasesAndTrailingCommas() {
    List<Arguments> out = new ArrayList<>();
    for (FabricRelease r : FabricRelease.all()) {
      out.add(Arguments.of(r, "AND('A.member',)", "AND('A.member')", 14));
      out.add(Arguments.of(r, "OutOf(1, 'A.member' , \t)", "OutOf(1, 'A.member')", 20));
      out.add(Arguments.of(r, "OR(AND('A.member','B.peer'),'C.admin',)",
          "OR(AND('A.member','B.peer'),'C.admin')", 37));
      out.add(Arguments.of(r, "OR(AND('A.member','B.peer',),'C.admin')",
          "OR(AND('A.member','B.peer'),'C.admin')", 26));
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("releasesAndTrailingCommas")
  @DisplayName("REL-DSL-01 a comma after a gate's last item: v3.1.5 compiles the same envelope, older releases refuse")
  void aTrailingCommaCompilesOnlyFromV3_1_5AndChangesNothing(
      FabricRelease r, String text, String withoutComma, int commaOffset) {
    if (expr(r)) {
      assertThat(PolicyDsl.compile(text, r).toByteArray())
          .isEqualTo(PolicyDsl.compile(withoutComma, FabricRelease.V3_0_0).toByteArray());
    } else {
      PolicyDslException e =
          assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(text, r));
      assertThat(e.rule()).isEqualTo("REL-DSL-01");
      assertThat(e.offset()).isEqualTo(commaOffset);
      assertThat(e.detail()).contains("comma after the last item");
    }
  }

  static Stream<Arguments> releasesAndCommaErrors() {
    return releases().flatMap(r -> Stream.of(
        Arguments.of(r, "AND('A.member',,)"), Arguments.of(r, "AND(,)"),
        Arguments.of(r, "OutOf(1,)"), Arguments.of(r, "OR('A.member' ,, 'B.member')")));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("releasesAndCommaErrors")
  @DisplayName("REL-DSL-01 two commas, a comma alone or after a count only: every release refuses")
  void commasWithoutAnItemBeforeThemAreRefusedByEveryRelease(FabricRelease r, String text) {
    PolicyDslException e = assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(text, r));
    assertThat(e.rule()).startsWith("POLICY-DSL-");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("releases")
  @DisplayName("REL-DSL-01 a line feed in a quoted count: accepted up to v3.1.4, refused by v3.1.5")
  void aLineFeedInAQuotedCountEndsTheStringFromV3_1_5(FabricRelease r) {
    String text = "OutOf('1\n', 'A.member')";
    if (expr(r)) {
      PolicyDslException e =
          assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(text, r));
      assertThat(e.rule()).isEqualTo("REL-DSL-01");
      assertThat(e.reason()).isEqualTo(Reason.POLICY_DSL_COUNT);
      assertThat(e.offset()).isEqualTo(8);
    } else {
      assertThat(PolicyDsl.compile(text, r)).isEqualTo(PolicyDsl.compile("OutOf(1, 'A.member')", r));
    }
    // A carriage return is white space to both engines.
    assertThat(PolicyDsl.compile("OutOf('\r1', 'A.member')", r))
        .isEqualTo(PolicyDsl.compile("OutOf(1, 'A.member')", r));
  }

  /** {@code OR} of {@code single} principals and {@code gates} gates {@code OR('A.member')}. */
  static String wide(int single, int gates) {
    List<String> items = new ArrayList<>(Collections.nCopies(single, "'A.member'"));
    items.addAll(Collections.nCopies(gates, "OR('B.member')"));
    return "OR(" + String.join(",", items) + ")";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("releases")
  @DisplayName("REL-DSL-01 v3.1.5 refuses a policy of more than 10,000 expression nodes (4 per gate, 1 per principal)")
  void v3_1_5RefusesPoliciesBeyondItsEnginesNodeBudget(FabricRelease r) {
    // 1,001 gates and 4,996 + 1,000 principals: 4 * 1,001 + 5,996 = 10,000 nodes.
    String at = wide(4_996, 1_000);
    String over = wide(4_997, 1_000);
    assertThat(PolicyDsl.compile(at, r).getIdentitiesCount()).isEqualTo(5_996);
    if (expr(r)) {
      PolicyDslException e =
          assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(over, r));
      assertThat(e.rule()).isEqualTo("REL-DSL-01");
      assertThat(e.detail()).contains("1001 gates and 5997 principals", "10001 nodes");
    } else {
      assertThat(PolicyDsl.compile(over, r).getIdentitiesCount()).isEqualTo(5_997);
    }
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("io.msp4j.core.policy.PolicyDslTest#fabricVectors")
  @DisplayName("REL-DSL-01 v3.1.5 builds v3.0.0's envelope for every v3.0.0 vector without lower-case and/or")
  void whereBothEnginesAcceptTheEnvelopeIsTheSame(String expression, String fabricHex) {
    boolean lowerAndOr = expression.matches("(?s).*(?<![A-Za-z])(and|or)\\s*\\(.*");
    if (lowerAndOr) {
      assertThrows(PolicyDslException.class,
          () -> PolicyDsl.compile(expression, FabricRelease.V3_1_5));
      return;
    }
    SignaturePolicyEnvelope env = PolicyDsl.compile(expression, FabricRelease.V3_1_5);
    assertThat(java.util.HexFormat.of().formatHex(env.toByteArray())).isEqualTo(fabricHex);
  }

  @Test
  @DisplayName("REL-DSL-01 compile without a release is v3.1.5's verdict")
  void theDefaultReleaseIsV3_1_5() {
    assertThat(FabricRelease.defaultRelease()).isEqualTo(FabricRelease.V3_1_5);
    assertThat(PolicyDsl.compile("AND('A.member',)"))
        .isEqualTo(PolicyDsl.compile("AND('A.member')", FabricRelease.V3_0_0));
    assertThrows(PolicyDslException.class, () -> PolicyDsl.compile("or('A.member')"));
  }

  static Stream<Arguments> releasesAndBlankItems() {
    List<Arguments> out = new ArrayList<>();
    for (FabricRelease r : FabricRelease.all()) {
      // text, what v3.1.5 builds (null: refused)
      out.add(Arguments.of(r, "AND('A.member', '')", "OutOf(2, 'A.member')"));
      out.add(Arguments.of(r, "AND('A.member', \" \t\r\u3000\",)", "OutOf(2, 'A.member')"));
      out.add(Arguments.of(r, "OR('A.member', '')", "OR('A.member')"));
      out.add(Arguments.of(r, "OutOf(2, 'A.member', '')", "OutOf(2, 'A.member')"));
      out.add(Arguments.of(r, "OR(AND('A.member','B.admin',''),'C.peer','')",
          "OR(OutOf(3, 'A.member','B.admin'),'C.peer')"));
      out.add(Arguments.of(r, "OutOf(3, 'A.member', '')", null));
      out.add(Arguments.of(r, "AND('A.member', '', '')", null));
      out.add(Arguments.of(r, "AND('', 'A.member')", null));
      out.add(Arguments.of(r, "AND('')", null));
      out.add(Arguments.of(r, "OutOf(1, ' ')", null));
      out.add(Arguments.of(r, "AND('A.member', '\n')", null));
      out.add(Arguments.of(r, "AND('A.member', '\u200b')", null));
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("releasesAndBlankItems")
  @DisplayName("REL-DSL-01 a blank string as a gate's last item: v3.1.5 drops it (AND still counts it), older releases refuse")
  void aBlankLastItemIsDroppedFromV3_1_5(FabricRelease r, String text, String v315) {
    // Measured with Fabric's policydsl.FromString (fabric-v3.1.5-dsl-vectors.tsv).
    if (expr(r) && v315 != null) {
      assertThat(PolicyDsl.compile(text, r).toByteArray())
          .isEqualTo(PolicyDsl.compile(v315, FabricRelease.V3_0_0).toByteArray());
    } else {
      PolicyDslException e = assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(text, r));
      assertThat(e.reason()).isIn(Reason.POLICY_DSL_PRINCIPAL, Reason.POLICY_DSL_COUNT);
    }
  }
}
