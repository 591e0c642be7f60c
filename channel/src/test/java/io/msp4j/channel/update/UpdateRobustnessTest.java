package io.msp4j.channel.update;

import static io.msp4j.channel.update.TestConfigs.CHANNEL;
import static io.msp4j.channel.update.TestConfigs.current;
import static io.msp4j.channel.update.TestConfigs.value;
import static io.msp4j.channel.update.TestConfigs.withOrg1;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.hyperledger.fabric.protos.common.Config;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Damaged update bytes give a rule and a reason, never another exception. */
class UpdateRobustnessTest {

  @Test
  @Tag("CONFIGTX-UPDATE-01")
  void damagedEnvelopesAreRejectedWithARuleAndNeverThrowAnythingElse() {
    Config c = current();
    Config next = withOrg1(c, g -> g.toBuilder().putValues("MSP", value(0, "x")).build());
    byte[] good = ConfigUpdates.envelope(ConfigUpdates.compute(c, next, CHANNEL)).toByteArray();
    ConfigUpdateValidator v = ConfigUpdateValidator.of(CHANNEL, c);
    TestPolicies p = new TestPolicies(c);
    Random r = new Random(42);
    int parsed = 0;
    int refused = 0;
    for (int i = 0; i < 3000; i++) {
      byte[] b = good.clone();
      int flips = 1 + r.nextInt(3);
      for (int f = 0; f < flips; f++) {
        b[r.nextInt(b.length)] = (byte) r.nextInt(256);
      }
      if (r.nextInt(4) == 0) {
        b = java.util.Arrays.copyOf(b, r.nextInt(b.length));
      }
      try {
        UpdateCheck check = v.check(ConfigUpdateRequest.parse(b), p);
        parsed++;
        check.failure().ifPresent(e -> assertThat(e.rule()).startsWith("CONFIGTX-UPDATE-"));
      } catch (ConfigUpdateException e) {
        refused++;
        assertThat(e.rule()).startsWith("CONFIGTX-UPDATE-");
        assertThat(e.reason()).isNotNull();
      }
    }
    assertThat(parsed + refused).isEqualTo(3000);
    assertThat(refused).isPositive();
  }
}
