package io.msp4j.channel.internal.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Go's time.ParseDuration, as the orderer reads BatchTimeout. */
class GoDurationTest {

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void durationsGoAccepts() {
    assertThat(GoDuration.parseNanos("2s")).isEqualTo(2_000_000_000L);
    assertThat(GoDuration.parseNanos("0")).isZero();
    assertThat(GoDuration.parseNanos("-0")).isZero();
    assertThat(GoDuration.parseNanos("+5ms")).isEqualTo(5_000_000L);
    assertThat(GoDuration.parseNanos("-1.5h")).isEqualTo(-5_400_000_000_000L);
    assertThat(GoDuration.parseNanos("1h2m3s4ms5us6ns")).isEqualTo(3_723_004_005_006L);
    assertThat(GoDuration.parseNanos("1\u00b5s")).isEqualTo(1_000L);
    assertThat(GoDuration.parseNanos("1\u03bcs")).isEqualTo(1_000L);
    assertThat(GoDuration.parseNanos(".5s")).isEqualTo(500_000_000L);
    assertThat(GoDuration.parseNanos("5.s")).isEqualTo(5_000_000_000L);
    assertThat(GoDuration.parseNanos("0.000000001s")).isEqualTo(1L);
    assertThat(GoDuration.parseNanos("9223372036854775807ns")).isEqualTo(Long.MAX_VALUE);
    assertThat(GoDuration.parseNanos("-9223372036854775808ns")).isEqualTo(Long.MIN_VALUE);
    assertThat(GoDuration.parseNanos("0.1234567890123456789012s")).isEqualTo(123_456_789L);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void durationsGoRefuses() {
    for (String bad : new String[] {"", "+", "-", "2", "s", ".s", "1x", "1S", "1 s", " 1s", "1s ",
        "9223372036854775808ns", "2562048h", "1.s.", "0s0", "1e3s"}) {
      assertThrows(IllegalArgumentException.class, () -> GoDuration.parseNanos(bad), bad);
    }
    assertThat(assertThrows(IllegalArgumentException.class, () -> GoDuration.parseNanos("1x")).getMessage())
        .isEqualTo("time: unknown unit \"x\" in duration \"1x\"");
    assertThat(assertThrows(IllegalArgumentException.class, () -> GoDuration.parseNanos("2")).getMessage())
        .isEqualTo("time: missing unit in duration \"2\"");
  }
}
