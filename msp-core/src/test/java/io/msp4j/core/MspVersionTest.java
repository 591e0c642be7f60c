package io.msp4j.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MspVersionTest {

  @Test
  @Tag("VER-01")
  void knownVersionsParseFromLabelsAndNames() {
    assertThat(MspVersion.parse("1.0")).isEqualTo(MspVersion.V1_0);
    assertThat(MspVersion.parse("1.1")).isEqualTo(MspVersion.V1_1);
    assertThat(MspVersion.parse("1.3")).isEqualTo(MspVersion.V1_3);
    assertThat(MspVersion.parse("1.4.3")).isEqualTo(MspVersion.V1_4_3);
    assertThat(MspVersion.parse("3.0")).isEqualTo(MspVersion.V3_0);
    assertThat(MspVersion.parse("v1_4_3")).isEqualTo(MspVersion.V1_4_3);
    for (MspVersion v : MspVersion.values()) {
      assertThat(MspVersion.parse(v.label())).isEqualTo(v);
      assertThat(v).hasToString(v.label());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "1", "1.2", "1.4", "1.4.2", "2.0", "2.5", "V2_0", "3", "3.1", "idemix"})
  @Tag("VER-01")
  void unknownVersionsAreRejected(String text) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MspVersion.parse(text));
    assertThat(e).hasMessageContaining("'" + text + "'").hasMessageContaining("VER-01");
  }

  @Test
  @Tag("VER-01")
  void nullIsRejectedWithTheSameMessage() {
    assertThat(assertThrows(IllegalArgumentException.class, () -> MspVersion.parse(null)))
        .hasMessageContaining("VER-01");
  }

  @Test
  @Tag("VER-04")
  void versionsAreOrderedAsInTheMatrix() {
    assertThat(MspVersion.values())
        .containsExactly(MspVersion.V1_0, MspVersion.V1_1, MspVersion.V1_3, MspVersion.V1_4_3, MspVersion.V3_0);
    assertThat(MspVersion.V1_4_3.atLeast(MspVersion.V1_3)).isTrue();
    assertThat(MspVersion.V1_4_3.atLeast(MspVersion.V1_4_3)).isTrue();
    assertThat(MspVersion.V1_3.atLeast(MspVersion.V1_4_3)).isFalse();
  }
}
