package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IdemixRolesTest {
  @ParameterizedTest(name = "mask {0} needs a credential with role {1}")
  @CsvSource({"0, 1", "1, 1", "2, 2", "3, 2", "4, 1", "6, 2", "8, 1", "10, 2", "15, 2"})
  @Tag("IDEMIX-ROLE-01")
  void onlyTheAdminBitOfTheMaskDecidesTheCredentialRole(int mask, int role) {
    assertThat(IdemixRoles.credentialRole(mask)).isEqualTo(role);
  }

  @Test
  @Tag("IDEMIX-ROLE-01")
  void rolesAreFabricsBits() {
    assertThat(new int[] {IdemixRoles.MEMBER, IdemixRoles.ADMIN, IdemixRoles.CLIENT, IdemixRoles.PEER})
        .containsExactly(1, 2, 4, 8);
    assertThat(assertThrows(IllegalArgumentException.class, () -> IdemixRoles.credentialRole(-1)))
        .hasMessageContaining("-1");
  }
}
