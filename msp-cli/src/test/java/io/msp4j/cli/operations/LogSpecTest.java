package io.msp4j.cli.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LogSpecTest {

  @Test
  void aLoggerNameCoversItselfAndTheLoggersBelowIt() {
    LogSpec s = LogSpec.parse("io.msp4j.network=debug:info");
    assertThat(s.levelOf("io.msp4j.network")).isEqualTo(LogLevel.DEBUG);
    assertThat(s.levelOf("io.msp4j.network.ChannelFollower")).isEqualTo(LogLevel.DEBUG);
    assertThat(s.levelOf("io.msp4j.networking")).isEqualTo(LogLevel.INFO);
    assertThat(s.levelOf("io.msp4j.config.FolderReader")).isEqualTo(LogLevel.INFO);
  }

  @Test
  void theMostSpecificNameWinsAndATrailingPeriodMeansThatLoggerAlone() {
    LogSpec s = LogSpec.parse("io.msp4j=warn:io.msp4j.network=debug:io.msp4j.config.=error:info");
    assertThat(s.levelOf("io.msp4j.network.x.Y")).isEqualTo(LogLevel.DEBUG);
    assertThat(s.levelOf("io.msp4j.channel.Z")).isEqualTo(LogLevel.WARN);
    assertThat(s.levelOf("io.msp4j.config")).isEqualTo(LogLevel.ERROR);
    assertThat(s.levelOf("io.msp4j.config.FolderReader")).isEqualTo(LogLevel.WARN);
  }

  @Test
  void severalLoggersShareALevelAndTheLastDefaultWins() {
    LogSpec s = LogSpec.parse("a.b,c=payload:warning:error");
    assertThat(s.levelOf("a.b.C")).isEqualTo(LogLevel.PAYLOAD);
    assertThat(s.levelOf("c")).isEqualTo(LogLevel.PAYLOAD);
    assertThat(s.defaultLevel()).isEqualTo(LogLevel.ERROR);
  }

  @Test
  void theTextIsNormalisedAsFabricsGetLogspecAnswers() {
    assertThat(LogSpec.parse("INFO:zeta=WARNING:alpha=debug").text())
        .isEqualTo("alpha=debug:zeta=warn:info");
    assertThat(LogSpec.parse("").text()).isEqualTo("info");
    assertThat(LogSpec.parse("notice").defaultLevel()).isEqualTo(LogLevel.INFO);
    assertThat(LogSpec.parse("critical").defaultLevel()).isEqualTo(LogLevel.ERROR);
  }

  @Test
  void malformedSpecificationsAreRefusedNamingTheBadPart() {
    assertThatThrownBy(() -> LogSpec.parse("io.msp4j=verbose"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("invalid logging specification 'io.msp4j=verbose': bad segment 'io.msp4j=verbose'");
    assertThatThrownBy(() -> LogSpec.parse("=debug"))
        .hasMessageContaining("no logger specified in segment '=debug'");
    assertThatThrownBy(() -> LogSpec.parse("a=b=debug")).hasMessageContaining("bad segment 'a=b=debug'");
    assertThatThrownBy(() -> LogSpec.parse(".a=debug")).hasMessageContaining("bad logger name '.a'");
    assertThatThrownBy(() -> LogSpec.parse("a b=debug")).hasMessageContaining("bad logger name 'a b'");
    assertThatThrownBy(() -> LogSpec.parse("Debug")).hasMessageContaining("bad segment 'Debug'");
    assertThatThrownBy(() -> LogSpec.parse("x".repeat(LogSpec.MAX_LENGTH + 1)))
        .hasMessageContaining("longer than");
  }

  @Test
  void levelsAboveErrorLetNothingOfSlf4jThrough() {
    assertThat(LogLevel.FATAL.lets(LogLevel.ERROR)).isFalse();
    assertThat(LogLevel.ERROR.lets(LogLevel.ERROR)).isTrue();
    assertThat(LogLevel.DEBUG.lets(LogLevel.PAYLOAD)).isFalse();
    assertThat(LogLevel.of(ch.qos.logback.classic.Level.TRACE)).isEqualTo(LogLevel.PAYLOAD);
  }
}
