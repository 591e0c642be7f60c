package io.msp4j.config.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.msp4j.config.configtx.ConfigtxException;
import io.msp4j.config.configtx.ConfigtxYaml;
import io.msp4j.config.configtx.TopLevel;
import io.msp4j.config.internal.ConfigYaml;
import io.msp4j.core.MspException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.fuzz.ShortRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * YAML from operators' hands (config.yaml) and from channel designers (configtx.yaml): either
 * read or refused with our exception, naming a rule; never an exception from SnakeYAML, never a
 * stack overflow, never a runaway alias expansion. What config.yaml yields, written back as YAML,
 * reads back to the same content; configtx.yaml reads the same way twice.
 */
class YamlFuzzTest {
  private static final Path CONFIGTX = Path.of("/cfg/configtx.yaml");

  @FuzzTest(maxDuration = "12h")
  void configYamlReadsBackWhatItYields(byte[] yaml) {
    ConfigYaml.Content content;
    try {
      content = ConfigYaml.parse(yaml, "config.yaml");
    } catch (MspSetupException e) {
      assertThat(e.reason()).isIn(Reason.CONFIG_YAML_INVALID, Reason.LIMIT_EXCEEDED);
      assertThat(e.rule()).isIn("CFGYAML-01", "CFGYAML-02", "LIMIT-05");
      assertThat(e.getMessage()).startsWith("config.yaml");
      return;
    }
    String written = YamlWriter.write(content);
    ConfigYaml.Content again = ConfigYaml.parse(written.getBytes(StandardCharsets.UTF_8), "config.yaml");
    assertThat(YamlWriter.withoutLines(again)).isEqualTo(YamlWriter.withoutLines(content));
  }

  @FuzzTest(maxDuration = "12h")
  void configtxYamlFailsOnlyWithConfigtxException(byte[] yaml) {
    TopLevel top;
    try {
      top = ConfigtxYaml.parse(yaml, CONFIGTX, Map.of());
    } catch (ConfigtxException e) {
      assertThat(e.rule()).isNotBlank();
      assertThat(e.reason()).isNotNull();
      return;
    } catch (MspException e) {
      throw new AssertionError("expected a ConfigtxException, got " + e, e);
    }
    assertThat(ConfigtxYaml.parse(yaml, CONFIGTX, Map.of())).isEqualTo(top);
  }

  @Test
  @Tag("CFGYAML-01")
  @Tag("CONFIGTX-YAML-01")
  @Tag("LIMIT-05")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "configYamlReadsBackWhatItYields", 1000, this::configYamlReadsBackWhatItYields)).isGreaterThan(1000);
    assertThat(ShortRun.run(getClass(), "configtxYamlFailsOnlyWithConfigtxException", 1000, this::configtxYamlFailsOnlyWithConfigtxException)).isGreaterThan(1000);
  }

}
