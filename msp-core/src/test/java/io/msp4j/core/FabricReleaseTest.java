package io.msp4j.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every supported Fabric release, its line and the Go release its go.mod names (Appendix F). */
@Tag("VER-01")
class FabricReleaseTest {

  @ParameterizedTest
  @CsvSource({
      "2.5.12, V2_5, 1.23.5", "2.5.13, V2_5, 1.24.2", "2.5.14, V2_5, 1.25.2",
      "2.5.15, V2_5, 1.26.0", "2.5.16, V2_5, 1.26.4", "3.0.0, V3_0, 1.23.1",
      "3.1.0, V3_1, 1.24.0", "3.1.1, V3_1, 1.24.2", "3.1.2, V3_1, 1.25.2",
      "3.1.3, V3_1, 1.25.2", "3.1.4, V3_1, 1.26.0", "3.1.5, V3_1, 1.26.4"})
  void eachReleaseHasItsLineAndTheGoOfItsGoMod(String label, FabricRelease.Line line, String go) {
    FabricRelease r = FabricRelease.parse(label);
    assertThat(r.label()).isEqualTo(label);
    assertThat(r.line()).isEqualTo(line);
    assertThat(r.go()).hasToString(go);
    assertThat(FabricRelease.parse("v" + label)).isEqualTo(r);
    assertThat(FabricRelease.all()).contains(r);
  }

  @Test
  void aLineStandsForItsNewestRelease() {
    assertThat(FabricRelease.parse("2.5")).isEqualTo(FabricRelease.V2_5_16);
    assertThat(FabricRelease.parse("3.0")).isEqualTo(FabricRelease.V3_0_0);
    assertThat(FabricRelease.parse("3.1")).isEqualTo(FabricRelease.V3_1_5);
    assertThat(FabricRelease.parse("V2_5")).isEqualTo(FabricRelease.V2_5_16);
    assertThat(FabricRelease.newestOf(FabricRelease.Line.V3_1)).isEqualTo(FabricRelease.V3_1_5);
  }

  @Test
  void theDefaultIsTheNewestRelease() {
    assertThat(FabricRelease.defaultRelease()).isEqualTo(FabricRelease.V3_1_5);
    assertThat(FabricRelease.all()).hasSize(12).isSorted();
  }

  @Test
  void olderAndUnknownReleasesAreRefusedNamingTheSupportedOnes() {
    for (String bad : new String[] {"2.5.11", "2.4", "2.2.0", "3.1.6", "3.2", "", "three"}) {
      assertThatThrownBy(() -> FabricRelease.parse(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'" + bad + "'")
          .hasMessageContaining("2.5.12").hasMessageContaining("3.1.5");
    }
    assertThatThrownBy(() -> FabricRelease.parse(null))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  @Tag("DELTA25-01")
  void onlyTheV2_5LineLacksMspVersion3() {
    for (FabricRelease r : FabricRelease.all()) {
      assertThat(r.supports(MspVersion.V3_0)).as("%s", r).isEqualTo(!r.isV2_5());
      assertThat(r.newestMspVersion())
          .isEqualTo(r.isV2_5() ? MspVersion.V1_4_3 : MspVersion.V3_0);
    }
  }

  @Test
  void releasesAreValuesOrderedByLineThenPatch() {
    assertThat(FabricRelease.parse("3.1.2")).isEqualTo(FabricRelease.V3_1_2)
        .hasSameHashCodeAs(FabricRelease.V3_1_2);
    assertThat(FabricRelease.V3_1_2).isLessThan(FabricRelease.V3_1_3)
        .isGreaterThan(FabricRelease.V3_0_0);
    assertThat(FabricRelease.V2_5_16).isLessThan(FabricRelease.V3_0_0);
    assertThat(GoVersion.of(25, 2)).isLessThan(GoVersion.of(25, 12));
    assertThat(GoVersion.of(26, 0).atLeast(GoVersion.of(25, 12))).isTrue();
  }
}
