package io.msp4j.core.policy;

import io.msp4j.core.FabricRelease;
import static io.msp4j.core.policy.PolicyDslTest.envelope;
import static io.msp4j.core.policy.PolicyDslTest.member;
import static io.msp4j.core.policy.PolicyDslTest.outOf;
import static io.msp4j.core.policy.PolicyDslTest.signedBy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class PolicyDslPrintTest {
  private static final String[] GATES = {"AND", "and", "OR", "Or", "OutOf", "outof"};
  private static final String[] MSPS = {"A", "Org1MSP", "org.example.com", "a-b", "A.B"};
  private static final String[] ROLES = {"member", "admin", "client", "peer", "orderer"};

  /** The rule tree with each SignedBy replaced by its principal: what "equivalent" means. */
  private static String resolved(SignaturePolicyEnvelope env, SignaturePolicy rule) {
    if (rule.hasNOutOf()) {
      StringBuilder b = new StringBuilder("N").append(rule.getNOutOf().getN()).append('[');
      for (SignaturePolicy r : rule.getNOutOf().getRulesList()) {
        b.append(resolved(env, r)).append(';');
      }
      return b.append(']').toString();
    }
    return env.getIdentities(rule.getSignedBy()).toString();
  }

  private static String randomGate(Random rnd, int depth) {
    String gate = GATES[rnd.nextInt(GATES.length)];
    int n = 1 + rnd.nextInt(4);
    List<String> items = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      items.add(depth < 4 && rnd.nextInt(3) == 0
          ? randomGate(rnd, depth + 1)
          : "'" + MSPS[rnd.nextInt(MSPS.length)] + "." + ROLES[rnd.nextInt(ROLES.length)] + "'");
    }
    String count = gate.equalsIgnoreCase("outof") ? rnd.nextInt(n + 2) + ", " : "";
    return gate + "(" + count + String.join(", ", items) + ")";
  }

  @Test
  @Tag("POLICY-DSL-04")
  void printedPoliciesCompileBackToTheSamePolicy() {
    Random rnd = new Random(42);
    for (int i = 0; i < 2000; i++) {
      String expression = randomGate(rnd, 0);
      SignaturePolicyEnvelope env = PolicyDsl.compile(expression, FabricRelease.V3_0_0);
      String printed = PolicyDsl.print(env);
      SignaturePolicyEnvelope back = PolicyDsl.compile(printed);
      assertThat(resolved(back, back.getRule())).as(expression).isEqualTo(resolved(env, env.getRule()));
      // Compiled output is in post-order already, so it comes back byte for byte.
      assertThat(back).as(expression).isEqualTo(env);
    }
  }

  @Test
  @Tag("POLICY-DSL-04")
  void gatesArePrintedAsAndOrWhereExactAndOutOfOtherwise() {
    assertThat(PolicyDsl.print(PolicyDsl.compile("and('A.member','B.peer')", FabricRelease.V3_0_0))).isEqualTo("AND('A.member', 'B.peer')");
    assertThat(PolicyDsl.print(PolicyDsl.compile("OutOf(1,'A.member','B.peer')"))).isEqualTo("OR('A.member', 'B.peer')");
    assertThat(PolicyDsl.print(PolicyDsl.compile("AND('A.member')"))).isEqualTo("OR('A.member')");
    assertThat(PolicyDsl.print(PolicyDsl.compile("OutOf(2,'A.member','B.peer','C.admin')")))
        .isEqualTo("OutOf(2, 'A.member', 'B.peer', 'C.admin')");
    assertThat(PolicyDsl.print(PolicyDsl.compile("OutOf(0,'A.member')"))).isEqualTo("OutOf(0, 'A.member')");
    assertThat(PolicyDsl.print(PolicyDsl.compile("OutOf(3,'A.member','B.member')")))
        .isEqualTo("OutOf(3, 'A.member', 'B.member')");
  }

  @Test
  @Tag("POLICY-DSL-04")
  void sharedAndOutOfOrderIdentitiesArePrintedAtEachUse() {
    SignaturePolicyEnvelope env =
        envelope(outOf(2, signedBy(1), signedBy(0), signedBy(1)), member("A"), member("B"));
    String printed = PolicyDsl.print(env);
    assertThat(printed).isEqualTo("OutOf(2, 'B.member', 'A.member', 'B.member')");
    SignaturePolicyEnvelope back = PolicyDsl.compile(printed);
    assertThat(resolved(back, back.getRule())).isEqualTo(resolved(env, env.getRule()));
  }

  @Test
  @Tag("POLICY-DSL-04")
  void whatTheLanguageCannotSayIsPrintedInAngleBrackets() {
    MSPPrincipal ou = Principal.OrganizationUnit.of("Org1MSP", "peer", new byte[] {(byte) 0xab, 1}).toProto();
    MSPPrincipal id = Principal.IdentityPrincipal.ofSerialized(new byte[] {10, 1, 'X'}).toProto();
    MSPPrincipal spaced = new Principal.Role("Org 1", Principal.RoleType.ADMIN).toProto();
    MSPPrincipal combined = Principal.Combined.of(Principal.Anonymity.NOMINAL, Principal.Role.peer("A")).toProto();
    MSPPrincipal odd = MSPPrincipal.newBuilder().setPrincipalClassificationValue(9).setPrincipal(ByteString.EMPTY).build();
    SignaturePolicyEnvelope env =
        envelope(
            outOf(-1, signedBy(0), signedBy(1), signedBy(2), signedBy(3), signedBy(4), signedBy(7),
                SignaturePolicy.getDefaultInstance(), outOf(1)),
            ou, id, spaced, combined, odd);
    String printed = PolicyDsl.print(env);
    assertThat(printed)
        .isEqualTo("OutOf(-1, <OU \"peer\" of MSP \"Org1MSP\" certified by ab01>, "
            + "<identity of MSP \"X\" sha256:" + sha256("") + ">, <role admin of MSP \"Org 1\">, "
            + "<all of <nominal>, 'A.peer'>, <principal of classification 9>, <signed by identity 7 of 5>, "
            + "<rule not set>, OutOf(1))");
    assertThrows(PolicyDslException.class, () -> PolicyDsl.compile(printed));
    assertThat(PolicyDsl.print(SignaturePolicyEnvelope.getDefaultInstance())).isEqualTo("<no rule>");
  }

  @Test
  @Tag("POLICY-DSL-04")
  void deepPoliciesPrintWithoutExhaustingTheStack() {
    SignaturePolicy rule = signedBy(0);
    for (int i = 0; i < 100_000; i++) {
      rule = outOf(1, rule);
    }
    String printed = PolicyDsl.print(envelope(rule, member("A")));
    String expected = "OR(".repeat(100_000) + "'A.member'" + ")".repeat(100_000);
    // Compared as a boolean: a failure message holding the text would be megabytes long.
    assertThat(printed.equals(expected)).isTrue();
  }

  private static String sha256(String s) {
    try {
      return java.util.HexFormat.of().formatHex(
          java.security.MessageDigest.getInstance("SHA-256").digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
