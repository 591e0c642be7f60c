package io.msp4j.config.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.msp4j.config.internal.ConfigYaml.Content;
import io.msp4j.config.internal.ConfigYaml.NodeOus;
import io.msp4j.config.internal.ConfigYaml.OuEntry;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@Tag("CFGYAML-01")
class ConfigYamlTest {

  private static Content parse(String yaml) {
    return ConfigYaml.parse(yaml.getBytes(StandardCharsets.UTF_8), "config.yaml");
  }

  private static MspSetupException failure(String yaml) {
    try {
      parse(yaml);
    } catch (MspSetupException e) {
      return e;
    }
    throw new AssertionError("expected config.yaml to be refused:\n" + yaml);
  }

  private static boolean enable(String value) {
    return parse("NodeOUs:\n  Enable: " + value + "\n").nodeOus().orElseThrow().enable();
  }

  private static String ouString(String value) {
    return parse("OrganizationalUnitIdentifiers:\n  - Certificate: c.pem\n"
            + "    OrganizationalUnitIdentifier: " + value + "\n")
        .organizationalUnitIdentifiers().get(0).organizationalUnitIdentifier();
  }

  // ---- Enable: booleans as Go types them ---------------------------------------------------

  @ParameterizedTest
  @ValueSource(strings = {"true", "True", "TRUE", "y", "Y", "yes", "Yes", "YES", "on", "On", "ON",
      "!!bool true", "!!bool yes", "!!bool \"on\"", "!<tag:yaml.org,2002:bool> y"})
  void enableAcceptsGoAndYaml11TrueSpellings(String value) {
    assertThat(enable(value)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"\"yes\"", "'on'", "\"Y\"", "!!str yes", "!!binary eWVz", "! true", "|\n    yes"})
  void booleanSpellingThatIsAStringIsAnError(String value) {
    MspSetupException e = failure("NodeOUs:\n  Enable: " + value + "\n");
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_YAML_INVALID);
    assertThat(e.detail()).startsWith("config.yaml:2: NodeOUs.Enable must be a boolean, got ");
  }

  @ParameterizedTest
  @ValueSource(strings = {"false", "False", "FALSE", "n", "N", "no", "No", "NO", "off", "Off", "OFF",
      "~", "null", "Null", "NULL", "''-not-used"})
  void enableAcceptsFalseSpellingsAndNull(String value) {
    if (value.endsWith("-not-used")) {
      assertThat(parse("NodeOUs:\n  Enable:\n").nodeOus().orElseThrow().enable()).isFalse();
      return;
    }
    assertThat(enable(value)).isFalse();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "\"true\"     | string \"true\"",
        "'true'       | string \"true\"",
        "\"\"         | string \"\"",
        "1            | integer \"1\"",
        "0            | integer \"0\"",
        "1.0          | float \"1.0\"",
        "tRUE         | string \"tRUE\"",
        "enabled      | string \"enabled\"",
        "2024-01-01   | timestamp \"2024-01-01\"",
        "!!str true   | string \"true\"",
        "[true]       | a list",
        "{on: true}   | a mapping",
      })
  void enableOfAnotherTypeIsAnError(String value, String got) {
    MspSetupException e = failure("# header\nNodeOUs:\n  Enable: " + value.strip() + "\n");
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_YAML_INVALID);
    assertThat(e.rule()).isEqualTo("CFGYAML-01");
    assertThat(e.detail())
        .isEqualTo("config.yaml:3: NodeOUs.Enable must be a boolean, got " + got.strip());
  }

  @Test
  void explicitTagThatDoesNotFitTheTextIsAnError() {
    MspSetupException e = failure("NodeOUs:\n  Enable: !!bool 1\n");
    assertThat(e.detail()).contains("config.yaml:2").contains("!!bool");
    assertThat(failure("NodeOUs:\n  Enable: !!int abc\n").reason())
        .isEqualTo(Reason.CONFIG_YAML_INVALID);
    assertThat(failure("NodeOUs:\n  Enable: !!binary not*base64\n").reason())
        .isEqualTo(Reason.CONFIG_YAML_INVALID);
  }

  // ---- strings: any scalar's text ----------------------------------------------------------

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "COP            | COP",
        "123            | 123",
        "0x1F           | 0x1F",
        "1.50           | 1.50",
        "true           | true",
        "yes            | yes",
        "'quoted: yes'  | 'quoted: yes'",
        "!!int 12       | 12",
        "!!binary Y2xpZW50 | client",
        "!custom text   | text",
        "2024-01-01     | 2024-01-01",
      })
  void stringFieldTakesTheTextOfAnyScalar(String value, String expected) {
    String exp = expected.strip();
    if (exp.startsWith("'")) {
      exp = exp.substring(1, exp.length() - 1);
    }
    assertThat(ouString(value.strip())).isEqualTo(exp);
  }

  @ParameterizedTest
  @ValueSource(strings = {"~", "null", "", "''"})
  void nullOrEmptyStringFieldIsEmpty(String value) {
    assertThat(ouString(value)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"[a]", "{a: b}", "!!int abc", "!!float x", "!!null x"})
  void stringFieldWithAListMappingOrBadTagIsAnError(String value) {
    MspSetupException e =
        failure("OrganizationalUnitIdentifiers:\n  - OrganizationalUnitIdentifier: " + value + "\n");
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_YAML_INVALID);
    assertThat(e.detail()).startsWith("config.yaml:2: ");
  }

  // ---- structure -----------------------------------------------------------------------------

  @Test
  @Tag("CFGYAML-02")
  void fullSchemaIsRead() {
    Content c = parse("""
        OrganizationalUnitIdentifiers:
          - Certificate: cacerts/ca.pem
            OrganizationalUnitIdentifier: COP
          - Certificate: intermediatecerts/i.pem
            OrganizationalUnitIdentifier: ""
        NodeOUs:
          Enable: true
          ClientOUIdentifier:
            Certificate: cacerts/ca.pem
            OrganizationalUnitIdentifier: client
          PeerOUIdentifier:
            OrganizationalUnitIdentifier: peer
          AdminOUIdentifier:
            Certificate: cacerts/ca.pem
          OrdererOUIdentifier:
        """);
    assertThat(c.organizationalUnitIdentifiers())
        .extracting(OuEntry::certificate, OuEntry::organizationalUnitIdentifier)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("cacerts/ca.pem", "COP"),
            org.assertj.core.groups.Tuple.tuple("intermediatecerts/i.pem", ""));
    NodeOus n = c.nodeOus().orElseThrow();
    assertThat(n.enable()).isTrue();
    assertThat(n.client().organizationalUnitIdentifier()).isEqualTo("client");
    assertThat(n.peer().certificate()).isEmpty();
    assertThat(n.admin().organizationalUnitIdentifier()).isEmpty();
    assertThat(n.orderer()).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "# only a comment\n", "---\n", "~\n", "---\n...\n"})
  void emptyDocumentIsAnEmptyConfiguration(String yaml) {
    Content c = parse(yaml);
    assertThat(c.organizationalUnitIdentifiers()).isEmpty();
    assertThat(c.nodeOus()).isEmpty();
  }

  @Test
  void unknownKeysAreIgnoredWhateverTheirValue() {
    Content c = parse("""
        Foo: [1, 2, {x: y}]
        nodeOUs:
          Enable: "not even a boolean"
        NodeOUs:
          Enable: true
          Extra: !!int 3
        """);
    assertThat(c.nodeOus().orElseThrow().enable()).isTrue();
  }

  @Test
  void keysAreCaseSensitive() {
    assertThat(parse("nodeous:\n  Enable: true\n").nodeOus()).isEmpty();
    assertThat(parse("NodeOUs:\n  enable: true\n").nodeOus().orElseThrow().enable()).isFalse();
  }

  @Test
  void nullNodeOusAndNullListAreAbsent() {
    Content c = parse("NodeOUs:\nOrganizationalUnitIdentifiers: ~\n");
    assertThat(c.nodeOus()).isEmpty();
    assertThat(c.organizationalUnitIdentifiers()).isEmpty();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "NodeOUs: [Enable]                          | NodeOUs must be a mapping, got a list",
        "NodeOUs: yes                               | NodeOUs must be a mapping, got boolean \"yes\"",
        "OrganizationalUnitIdentifiers: {a: b}      | OrganizationalUnitIdentifiers must be a list, got a mapping",
        "OrganizationalUnitIdentifiers: cacerts     | OrganizationalUnitIdentifiers must be a list, got string \"cacerts\"",
        "OrganizationalUnitIdentifiers: [x]         | OrganizationalUnitIdentifiers[0] must be a mapping, got string \"x\"",
        "NodeOUs: {ClientOUIdentifier: [a]}         | NodeOUs.ClientOUIdentifier must be a mapping, got a list",
        "NodeOUs: {PeerOUIdentifier: peer}          | NodeOUs.PeerOUIdentifier must be a mapping, got string \"peer\"",
      })
  void wrongShapeIsAnError(String yaml, String message) {
    MspSetupException e = failure(yaml.strip() + "\n");
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_YAML_INVALID);
    assertThat(e.detail()).isEqualTo("config.yaml:1: " + message.strip());
  }

  @Test
  @Tag("CFGYAML-02")
  void nullListEntryIsAnError() {
    MspSetupException e = failure("OrganizationalUnitIdentifiers:\n  -\n  - Certificate: a.pem\n");
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_YAML_INVALID);
    assertThat(e.rule()).isEqualTo("CFGYAML-02");
    assertThat(e.detail()).startsWith("config.yaml:2: OrganizationalUnitIdentifiers[0] is empty");
  }

  @ParameterizedTest
  @ValueSource(strings = {"foo\n", "[1, 2]\n", "- a\n- b\n"})
  void documentThatIsNotAMappingIsAnError(String yaml) {
    assertThat(failure(yaml).detail()).startsWith("config.yaml:1: the document must be a mapping");
  }

  @Test
  void repeatedKeyIsDecodedAgainAndTheLaterValueWins() {
    assertThat(enable("true\n  Enable: false")).isFalse();
    assertThat(enable("false\n  \"Enable\": yes")).isTrue();
    assertThat(enable("true\n  Enable:")).isFalse();
    assertThat(parse("Foo: 1\nFoo: [2]\n").nodeOus()).isEmpty();
    Content c = parse("""
        OrganizationalUnitIdentifiers: [{Certificate: a.pem, OrganizationalUnitIdentifier: x}]
        OrganizationalUnitIdentifiers: [{Certificate: b.pem}]
        """);
    assertThat(c.organizationalUnitIdentifiers()).extracting(OuEntry::certificate).containsExactly("b.pem");
  }

  @Test
  void repeatedMappingFillsTheStructTheFirstOneCreated() {
    NodeOus n = parse("""
        NodeOUs:
          Enable: true
          ClientOUIdentifier: {Certificate: ca.pem, OrganizationalUnitIdentifier: client}
        NodeOUs:
          ClientOUIdentifier: {OrganizationalUnitIdentifier: member}
        """).nodeOus().orElseThrow();
    assertThat(n.enable()).isTrue();
    assertThat(n.client().certificate()).isEqualTo("ca.pem");
    assertThat(n.client().organizationalUnitIdentifier()).isEqualTo("member");
    assertThat(parse("NodeOUs: {Enable: true}\nNodeOUs:\n").nodeOus()).isEmpty();
  }

  @Test
  void repeatedValueWithTheWrongTypeIsStillAnError() {
    assertThat(failure("NodeOUs:\n  Enable: 5\n  Enable: true\n").detail())
        .isEqualTo("config.yaml:2: NodeOUs.Enable must be a boolean, got integer \"5\"");
  }

  @Test
  void binaryKeyNamesTheFieldItDecodesTo() {
    // "RW5hYmxl" is base64 for "Enable".
    assertThat(enable("true\n  !!binary RW5hYmxl: false")).isFalse();
  }

  @Test
  void mergeKeyAppliesWhereItStands() {
    assertThat(enable("true\n  <<: {Enable: false}")).isFalse();
    assertThat(parse("NodeOUs:\n  <<: {Enable: false}\n  Enable: true\n").nodeOus().orElseThrow().enable())
        .isTrue();
    assertThat(parse("NodeOUs:\n  <<: [{Enable: true}, {Enable: false}]\n").nodeOus().orElseThrow().enable())
        .isTrue();
    assertThat(parse("NodeOUs:\n  <<: {Enable: false}\n  <<: {Enable: true}\n").nodeOus().orElseThrow().enable())
        .isTrue();
  }

  @Test
  void anAnchorMayBeMergedIntoAnotherKindOfStructInsideItself() {
    NodeOus n = parse("""
        NodeOUs: &n
          Enable: true
          AdminOUIdentifier: {<<: *n, OrganizationalUnitIdentifier: admin}
        NodeOUs:
          <<: *n
        """).nodeOus().orElseThrow();
    assertThat(n.admin().organizationalUnitIdentifier()).isEqualTo("admin");
  }

  @Test
  void onlyTheFirstDocumentCounts() {
    Content c = parse("NodeOUs:\n  Enable: true\n---\nNodeOUs: [not, checked]\n");
    assertThat(c.nodeOus().orElseThrow().enable()).isTrue();
  }

  @Test
  void anchorsAliasesAndMergeKeysWorkAsInGo() {
    Content c = parse("""
        defaults: &base
          Certificate: cacerts/ca.pem
          OrganizationalUnitIdentifier: base
        cop: &cop {Certificate: cacerts/ca.pem, OrganizationalUnitIdentifier: COP}
        OrganizationalUnitIdentifiers: [*cop, *cop]
        NodeOUs:
          Enable: yes
          ClientOUIdentifier:
            <<: *base
            OrganizationalUnitIdentifier: client
          PeerOUIdentifier:
            <<: [*cop, *base]
        """);
    assertThat(c.organizationalUnitIdentifiers()).hasSize(2);
    NodeOus n = c.nodeOus().orElseThrow();
    assertThat(n.client().certificate()).isEqualTo("cacerts/ca.pem");
    assertThat(n.client().organizationalUnitIdentifier()).isEqualTo("client");
    assertThat(n.peer().organizationalUnitIdentifier()).isEqualTo("COP");
  }

  @Test
  void redefinedAnchorRefersToTheLatestDefinition() {
    Content c = parse("""
        a: &x {OrganizationalUnitIdentifier: first}
        b: &x {OrganizationalUnitIdentifier: second}
        OrganizationalUnitIdentifiers: [*x]
        """);
    assertThat(c.organizationalUnitIdentifiers().get(0).organizationalUnitIdentifier())
        .isEqualTo("second");
  }

  @Test
  void aliasOfAnEnclosingMappingIsNotRecursionForUnknownKeys() {
    Content c = parse("NodeOUs: &n\n  Enable: true\n  ClientOUIdentifier: *n\n");
    assertThat(c.nodeOus().orElseThrow().client().organizationalUnitIdentifier()).isEmpty();
  }

  @Test
  void mappingThatMergesItselfIsAnError() {
    assertThat(failure("NodeOUs: &n\n  Enable: true\n  <<: *n\n").reason())
        .isEqualTo(Reason.CONFIG_YAML_INVALID);
  }

  @Test
  void mergeOfAScalarIsAnError() {
    assertThat(failure("NodeOUs:\n  <<: foo\n").detail()).contains("merge key");
  }

  @Test
  void chainsOfMergesDoNotRunForEver() {
    StringBuilder y = new StringBuilder("l0: &l0 {Enable: true}\n");
    for (int i = 1; i <= 40; i++) {
      y.append("l").append(i).append(": &l").append(i)
          .append(" {<<: [*l").append(i - 1).append(", *l").append(i - 1).append("]}\n");
    }
    y.append("NodeOUs: *l40\n");
    assertThat(failure(y.toString()).detail()).contains("excessive aliasing");
  }

  @ParameterizedTest
  @ValueSource(strings = {"NodeOUs: [\n", "a: b: c\n", "key: \"unterminated\n", "\tNodeOUs: {}\n",
      "NodeOUs:\n  Enable: true\n Client: x\n", "x: *undefined\n", "\u0001\n"})
  void malformedYamlIsAnErrorWithALine(String yaml) {
    MspSetupException e = failure(yaml);
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_YAML_INVALID);
    assertThat(e.rule()).isEqualTo("CFGYAML-01");
    assertThat(e.detail()).matches("config\\.yaml:\\d+: not valid YAML: .+");
  }

  @Test
  void invalidUtf8IsAnError() {
    byte[] bad = {'a', ':', ' ', (byte) 0xff, (byte) 0xfe, '\n'};
    assertThatThrownBy(() -> ConfigYaml.parse(bad, "config.yaml"))
        .isInstanceOfSatisfying(MspSetupException.class,
            e -> assertThat(e.reason()).isEqualTo(Reason.CONFIG_YAML_INVALID));
  }

  @Test
  void utf16WithByteOrderMarkIsRead() {
    byte[] yaml = "\uFEFFNodeOUs:\n  Enable: true\n".getBytes(StandardCharsets.UTF_16BE);
    assertThat(ConfigYaml.parse(yaml, "config.yaml").nodeOus().orElseThrow().enable()).isTrue();
  }
}
