package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Windows written as a number and a unit. */
class DurationConverterTest {
  private final DurationConverter converter = new DurationConverter();

  @Test
  void eachUnitIsRead() {
    assertThat(converter.convert("45s")).isEqualTo(Duration.ofSeconds(45));
    assertThat(converter.convert("90m")).isEqualTo(Duration.ofMinutes(90));
    assertThat(converter.convert("12h")).isEqualTo(Duration.ofHours(12));
    assertThat(converter.convert("30d")).isEqualTo(Duration.ofDays(30));
    assertThat(converter.convert("2w")).isEqualTo(Duration.ofDays(14));
    assertThat(converter.convert("1y")).isEqualTo(Duration.ofDays(365));
    assertThat(converter.convert("0d")).isZero();
  }

  @Test
  void anythingElseIsAConversionError() {
    for (String bad : new String[] {"", "d", "30", "30D", "1.5d", "-1d", "30 d", "P30D", "9999999999d"}) {
      assertThrows(CommandLine.TypeConversionException.class, () -> converter.convert(bad), bad);
    }
  }

  @Test
  void textIsTheShortestFormThatReadsBack() {
    for (String s : new String[] {"30d", "2w", "1y", "12h", "90m", "45s", "0d"}) {
      assertThat(DurationConverter.text(converter.convert(s))).isEqualTo(s);
    }
  }
}
