package io.msp4j.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.config.MspFolderWatcher;
import io.msp4j.core.reload.ReloadResult;
import io.msp4j.network.TestChain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reload meters of a reloading channel and of a watched MSP folder. */
class ReloadMetricsTest {
  @TempDir static Path tmp;
  @TempDir Path work;
  static TestChain chain;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @BeforeAll
  static void chain() {
    chain = TestChain.standard(tmp);
  }

  private double reloads(String prefix, String tagKey, String tagValue, String outcome) {
    return registry.get(prefix + ".reloads").tags(tagKey, tagValue, "outcome", outcome).counter()
        .count();
  }

  @Test
  void aChannelsGenerationsAndRefusedConfigurationsAreCounted() {
    ReloadingChannel channel = ReloadingChannel.builder("mychannel").build();
    ReloadMetrics.of(channel, "mychannel").bindTo(registry);
    assertThat(registry.get("msp4j.channel.generation").tag("channel", "mychannel").gauge()
        .value()).isZero();
    assertThat(registry.get("msp4j.channel.reload.last.success").gauge().value()).isNaN();

    channel.apply(chain.genesisBytes());
    channel.apply(chain.block(2).toByteArray());
    ReloadResult<?> refused = channel.apply(new byte[] {1, 2, 3});

    assertThat(refused.status()).isEqualTo(ReloadResult.Status.FAILED);
    assertThat(registry.get("msp4j.channel.generation").gauge().value()).isEqualTo(2);
    assertThat(reloads("msp4j.channel", "channel", "mychannel", "applied")).isEqualTo(2);
    assertThat(reloads("msp4j.channel", "channel", "mychannel", "failed")).isEqualTo(1);
    assertThat(reloads("msp4j.channel", "channel", "mychannel", "recovered")).isZero();
    assertThat(registry.get("msp4j.channel.reload.delay").timer().count()).isEqualTo(2);
    assertThat(registry.get("msp4j.channel.reload.last.success").gauge().value())
        .isEqualTo(channel.current().orElseThrow().appliedAt().toEpochMilli() / 1000.0);
  }

  @Test
  void aWatchedFolderThatStopsSettingUpCountsAFailureAndKeepsItsGeneration() throws Exception {
    Path dir = copy(chain.org1.identity("User1").mspDir(), work.resolve("msp"));
    try (MspFolderWatcher w = MspFolderWatcher.builder(dir, "Org1MSP").local(true).manual()
        .start()) {
      ReloadMetrics.of(w).bindTo(registry);
      try (Stream<Path> cas = Files.list(dir.resolve("cacerts"))) {
        for (Path p : cas.toList()) {
          Files.delete(p);
        }
      }

      assertThat(w.reloadNow().status()).isEqualTo(ReloadResult.Status.FAILED);

      assertThat(registry.get("msp4j.msp.generation").tag("msp_id", "Org1MSP").gauge().value())
          .isEqualTo(1);
      assertThat(reloads("msp4j.msp", "msp_id", "Org1MSP", "failed")).isEqualTo(1);
      assertThat(reloads("msp4j.msp", "msp_id", "Org1MSP", "applied")).isZero();
      assertThat(registry.get("msp4j.msp.reload.last.success").gauge().value()).isPositive();
    }
  }

  static Path copy(Path from, Path to) throws Exception {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : all.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
    return to;
  }
}
