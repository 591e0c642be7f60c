package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class IdemixAttributesTest {
  @Test
  void valuesAreCheckedWhenSetAndAllMustBeSet() {
    IdemixAttributes.Builder b = IdemixAttributes.builder();

    assertThat(assertThrows(IllegalArgumentException.class, () -> b.role(-2))).hasMessageContaining("-2");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.revocationHandle(Fp256bn.ORDER)))
        .hasMessageContaining("[0, q-1]");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.revocationHandle(BigInteger.valueOf(-1))))
        .hasMessageContaining("-1");
    assertThat(assertThrows(IllegalStateException.class, b::build)).hasMessageContaining("organizational unit");
    b.organizationalUnit("").role(1).enrollmentId("e");
    assertThat(assertThrows(IllegalStateException.class, b::build)).hasMessageContaining("revocation handle");
    assertThat(b.revocationHandle(BigInteger.ZERO).build().organizationalUnit()).isEmpty();
  }

  @Test
  void equalValuesAreEqualAndTheRevocationHandleIsNotShown() {
    IdemixAttributes one = IssuerFixtures.attributes("ou", 2, "admin1");
    IdemixAttributes two = IssuerFixtures.attributes("ou", 2, "admin1");

    assertThat(one).isEqualTo(two).hasSameHashCodeAs(two).isNotEqualTo(IssuerFixtures.attributes("ou", 1, "admin1"));
    assertThat(one.toString()).isEqualTo("IdemixAttributes[ou=ou, role=2, enrollmentId=admin1]");
  }
}
