package io.msp4j.config.configtx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.Reason;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * REL-YAML-01: Fabric v3.1's configtxgen (gopkg.in/yaml.v3, from v3.1.5 go.yaml.in/yaml/v4)
 * refuses a configtx.yaml with a duplicated key; v3.0.0 and v2.5.x (yaml.v2) keep the last value.
 */
@Tag("REL-YAML-01")
class ConfigtxDuplicateKeyTest {

  static Stream<FabricRelease> releases() {
    return FabricRelease.all().stream();
  }

  private static TopLevel read(String text, FabricRelease release) {
    return ConfigtxYaml.parse(text.getBytes(StandardCharsets.UTF_8), Yaml.FILE, Map.of(), release);
  }

  private static final String DUPLICATED_ID = """
      Organizations:
        - Name: Org1
          ID: First
          MSPDir: msp
          ID: Org1MSP
      """;

  @ParameterizedTest(name = "{0}")
  @MethodSource("releases")
  @DisplayName("REL-YAML-01 a duplicated key: v3.1.x refuses the file, v3.0.0 and v2.5.x keep the last value")
  void aDuplicatedKeyIsRefusedFromV3_1AndTheLastOneWinsBefore(FabricRelease r) {
    if (r.line() == FabricRelease.Line.V3_1) {
      ConfigtxException e = assertThrows(ConfigtxException.class, () -> read(DUPLICATED_ID, r));
      assertThat(e.rule()).isEqualTo("REL-YAML-01");
      assertThat(e.reason()).isEqualTo(Reason.CONFIGTX_INVALID);
      assertThat(e.detail())
          .contains(Yaml.FILE + ":5: key \"ID\" is already defined at line 3")
          .contains(r.patch() >= 5 ? "go.yaml.in/yaml/v4" : "gopkg.in/yaml.v3");
    } else {
      assertThat(read(DUPLICATED_ID, r).organization("Org1").orElseThrow().id()).isEqualTo("Org1MSP");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("releases")
  @DisplayName("REL-YAML-01 v3.1.x finds a duplicate in any mapping, \"a\" and a being one key")
  void aDuplicateInANestedMappingCountsFromV3_1(FabricRelease r) {
    String text = """
        Organizations:
          - Name: Org1
            ID: Org1MSP
            MSPDir: msp
            Policies:
              Readers: {Type: Signature, "Type": Signature, Rule: "OR('Org1MSP.member')"}
        """;
    if (r.line() == FabricRelease.Line.V3_1) {
      ConfigtxException e = assertThrows(ConfigtxException.class, () -> read(text, r));
      assertThat(e.rule()).isEqualTo("REL-YAML-01");
      assertThat(e.detail()).contains(":6: key \"Type\" is already defined at line 6");
    } else {
      assertThat(read(text, r).organization("Org1").orElseThrow().policies().orElseThrow())
          .containsKey("Readers");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("releases")
  @DisplayName("REL-YAML-01 yes/no/on/off are booleans for v3.0.0 and v2.5.x, strings (so no boolean) for v3.1.x")
  void yaml11BooleansAreRefusedAsBooleansFromV3_1(FabricRelease r) {
    for (String word : new String[] {"yes", "no", "on", "off", "y", "Yes", "YES"}) {
      String text = "Capabilities:\n  Channel: {V3_0: " + word + "}\n";
      if (r.line() == FabricRelease.Line.V3_1) {
        ConfigtxException e = assertThrows(ConfigtxException.class, () -> read(text, r),
            word + " at " + r);
        assertThat(e.detail()).contains("as bool");
      } else {
        assertThat(read(text, r).capabilities().get("Channel")).as(word + " at " + r)
            .containsEntry("V3_0", word.equalsIgnoreCase("yes") || word.equals("on")
                || word.equals("y"));
      }
    }
    assertThat(read("Capabilities:\n  Channel: {V3_0: True}\n", r).capabilities().get("Channel"))
        .containsEntry("V3_0", true);
  }
}
