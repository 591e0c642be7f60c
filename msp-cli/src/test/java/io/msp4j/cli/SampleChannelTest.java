package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sample channel committed under {@code testdata/sample/channel} is exactly what {@link
 * SampleChannel} makes from the committed sample tree. To regenerate it after a deliberate change:
 * {@code mvn -B -q test -pl msp-cli -Dtest=SampleChannelTest -Dmsp4j.sample.channel.write=true}.
 */
class SampleChannelTest {
  static final Path SAMPLE = Path.of("..", "testdata", "sample");
  static final Path CHANNEL = SAMPLE.resolve("channel");

  @Test
  void committedSampleChannelMatchesAFreshGeneration() throws IOException {
    SampleChannel generator = new SampleChannel(SAMPLE);
    if (Boolean.getBoolean("msp4j.sample.channel.write")) {
      generator.write(CHANNEL);
    }
    Map<String, byte[]> fresh = generator.files();
    try (var listing = Files.list(CHANNEL)) {
      assertThat(listing.map(p -> p.getFileName().toString()).sorted())
          .containsExactlyElementsOf(fresh.keySet().stream().sorted().toList());
    }
    for (Map.Entry<String, byte[]> f : fresh.entrySet()) {
      assertThat(Files.readAllBytes(CHANNEL.resolve(f.getKey()))).as(f.getKey()).isEqualTo(f.getValue());
    }
  }
}
