package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.core.policy.PolicyDsl;
import java.util.HexFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class PolicyCommandTest {

  @Test
  @Tag("POLICY-DSL-04")
  void compilePrintsTheEnvelopeAsLowerCaseHex() {
    String dsl = "OR('Org1MSP.peer', AND('Org2MSP.admin','Org3MSP.member'))";
    CliRun r = CliRun.of("policy", "compile", "--policy", dsl);
    assertThat(r.status()).isEqualTo(0);
    assertThat(r.out()).isEqualTo(HexFormat.of().formatHex(PolicyDsl.compile(dsl).toByteArray()) + "\n");
    assertThat(r.err()).isEmpty();
  }

  @Test
  @Tag("POLICY-DSL-05")
  void compileGivesFabricsBytesForThePostOrderExample() {
    // The envelope Fabric v3.0.0's policydsl.FromString builds for this expression.
    CliRun r = CliRun.of("policy", "compile", "--policy", "OR('A.member', AND('B.member','C.member'))");
    assertThat(r.out().trim())
        .isEqualTo("12161214080112020802120c120a080212020800120208011a0512030a01421a0512030a01431a0512030a0141");
  }

  @Test
  @Tag("POLICY-DSL-07")
  void aMalformedExpressionExitsWithTwoAndACaretUnderTheOffendingCharacter() {
    CliRun r = CliRun.of("policy", "compile", "--policy", "OR('A.member', NOT('B.member'))");
    assertThat(r.status()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo(
        "msp policy compile: unknown gate 'NOT': expected AND, OR or OutOf (also And, and, Or, or, OUTOF, outof)"
            + " at offset 15 [POLICY-DSL-01]\n"
            + "    OR('A.member', NOT('B.member'))\n"
            + "                   ^\n");
  }

  @Test
  @Tag("POLICY-DSL-03")
  void withJsonAMalformedExpressionIsAlsoReportedAsAnObject() {
    CliRun r = CliRun.of("policy", "compile", "--json", "--policy", "OutOf(3, 'A.member')");
    assertThat(r.status()).isEqualTo(2);
    JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
    assertThat(o.get("reason").getAsString()).isEqualTo("POLICY_DSL_COUNT");
    assertThat(o.get("rule").getAsString()).isEqualTo("POLICY-DSL-03");
    assertThat(o.get("offset").getAsInt()).isEqualTo(6);
    assertThat(r.err()).contains("^");
  }

  @Test
  void usageErrorsExitWithThree() {
    assertThat(CliRun.of("policy", "compile").status()).isEqualTo(3);
    assertThat(CliRun.of("policy", "compile", "--policy", "OR('A.member')", "--bogus").status()).isEqualTo(3);
    assertThat(CliRun.of("policy", "frobnicate").status()).isEqualTo(3);
  }

  @Test
  @Tag("POLICY-DSL-04")
  void jsonIsConfigtxlatorsFormOfTheEnvelope() {
    CliRun r = CliRun.of("policy", "compile", "--json", "--policy", "OutOf(1, 'Org1MSP.peer', AND('Org2MSP.admin'))");
    assertThat(r.status()).isEqualTo(0);
    // What configtxlator proto_decode --type common.SignaturePolicyEnvelope prints for it.
    assertThat(r.out()).isEqualTo(String.join("\n",
        "{",
        "\t\"identities\": [",
        "\t\t{",
        "\t\t\t\"principal\": {",
        "\t\t\t\t\"msp_identifier\": \"Org2MSP\",",
        "\t\t\t\t\"role\": \"ADMIN\"",
        "\t\t\t},",
        "\t\t\t\"principal_classification\": \"ROLE\"",
        "\t\t},",
        "\t\t{",
        "\t\t\t\"principal\": {",
        "\t\t\t\t\"msp_identifier\": \"Org1MSP\",",
        "\t\t\t\t\"role\": \"PEER\"",
        "\t\t\t},",
        "\t\t\t\"principal_classification\": \"ROLE\"",
        "\t\t}",
        "\t],",
        "\t\"rule\": {",
        "\t\t\"n_out_of\": {",
        "\t\t\t\"n\": 1,",
        "\t\t\t\"rules\": [",
        "\t\t\t\t{",
        "\t\t\t\t\t\"signed_by\": 1",
        "\t\t\t\t},",
        "\t\t\t\t{",
        "\t\t\t\t\t\"n_out_of\": {",
        "\t\t\t\t\t\t\"n\": 1,",
        "\t\t\t\t\t\t\"rules\": [",
        "\t\t\t\t\t\t\t{",
        "\t\t\t\t\t\t\t\t\"signed_by\": 0",
        "\t\t\t\t\t\t\t}",
        "\t\t\t\t\t\t]",
        "\t\t\t\t\t}",
        "\t\t\t\t}",
        "\t\t\t]",
        "\t\t}",
        "\t},",
        "\t\"version\": 0",
        "}",
        ""));
  }
}
