package io.msp4j.idemix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.testdata.DeterministicRandom;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class IdemixUserSecretTest {
  @Test
  void theSecretIsThirtyTwoBytesAsFabricRequiresAndRoundTrips() {
    IdemixUserSecret secret = IdemixUserSecret.generate(DeterministicRandom.fromSeed("user"));

    assertThat(secret.bytes()).hasSize(32);
    assertThat(IdemixUserSecret.fromBytes(secret.bytes())).isEqualTo(secret);
    assertThat(IdemixUserSecret.generate(DeterministicRandom.fromSeed("user"))).isEqualTo(secret);
  }

  @Test
  void anyOtherLengthZeroAndValuesFromQAreRefused() {
    assertThat(assertThrows(IllegalArgumentException.class, () -> IdemixUserSecret.fromBytes(new byte[33])))
        .hasMessageContaining("33 bytes");
    assertThat(assertThrows(IllegalArgumentException.class, () -> IdemixUserSecret.fromBytes(new byte[32])))
        .hasMessageContaining("[1, q-1]");
    byte[] q = Fp256bn.scalarBytes(Fp256bn.ORDER);
    assertThat(assertThrows(IllegalArgumentException.class, () -> IdemixUserSecret.fromBytes(q)))
        .hasMessageContaining("[1, q-1]");
  }

  @Test
  void theSecretIsNeverShownAndNeverShared() {
    IdemixUserSecret secret = IdemixUserSecret.generate(DeterministicRandom.fromSeed("user"));
    byte[] given = secret.bytes();
    IdemixUserSecret imported = IdemixUserSecret.fromBytes(given);
    given[31] ^= 1;
    byte[] out = imported.bytes();
    out[0] ^= 1;

    assertThat(imported).isEqualTo(secret);
    assertThat(secret.toString()).isEqualTo("IdemixUserSecret[redacted]")
        .doesNotContain(HexFormat.of().formatHex(secret.bytes()));
  }
}
