package io.msp4j.testdata.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdemixUserSpecTest {
  @Test
  @Tag("IDEMIX-ROLE-01")
  void theSamplesCoverEveryRoleBitAndTwoOus() {
    assertThat(IdemixUserSpec.samples()).extracting(IdemixUserSpec::roleMask).containsExactly(2, 1, 4, 8, 1, 6);
    assertThat(IdemixUserSpec.samples()).extracting(IdemixUserSpec::credentialRole).containsExactly(2, 1, 1, 1, 1, 2);
    assertThat(IdemixUserSpec.samples()).extracting(IdemixUserSpec::organizationalUnit).containsOnly(
        "org1.department1", "org1.department2");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", ".", "..", "../up", "a/b", "a\\b", ".hidden", "with space"})
  void anEnrollmentIdThatCannotNameAFolderIsRefused(String id) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IdemixUserSpec.member(id, "ou"));

    assertThat(e).hasMessageContaining("'" + id + "' cannot name a folder");
  }

  @Test
  void aNegativeMaskIsRefused() {
    assertThat(assertThrows(IllegalArgumentException.class, () -> new IdemixUserSpec("u", "ou", -1)))
        .hasMessageContaining("role mask -1 of u");
  }
}
