package io.msp4j.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.msp4j.config.MspFolderWatcher;
import io.msp4j.network.ChannelFollower;
import io.msp4j.network.FakeOrderingService;
import io.msp4j.network.TestChain;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One binder per long-running part binds all of its meters. */
class Msp4jMetricsTest {
  @TempDir static Path tmp;
  static TestChain chain;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @BeforeAll
  static void chain() {
    chain = TestChain.standard(tmp);
  }

  @Test
  void aFollowersBinderBindsItsChannelsReloadsAndExpiryToo() throws Exception {
    try (FakeOrderingService service =
        FakeOrderingService.start(Fixture.ordererTls(chain), null, chain.blocks())) {
      ChannelFollower f = ChannelFollower.builder(TestChain.CHANNEL,
              Fixture.connection(chain, service), chain.org1User)
          .backoff(Duration.ofMillis(20), Duration.ofMillis(200)).configEndpoints(false)
          .anchor(chain.genesisBytes()).until(5).build();
      Msp4jMetrics.follower(f, io.micrometer.core.instrument.Tag.of("host", "a")).bindTo(registry);

      f.run();
    }

    assertThat(registry.get("msp4j.follower.height").tags("channel", "mychannel", "host", "a")
        .gauge().value()).isEqualTo(6);
    assertThat(registry.get("msp4j.channel.generation").tags("channel", "mychannel", "host", "a")
        .gauge().value()).isEqualTo(3);
    assertThat(registry.get("msp4j.channel.reloads").tags("outcome", "applied").counter().count())
        .isEqualTo(3);
    assertThat(registry.get("msp4j.channel.certificate.expiry")
        .tags("channel", "mychannel", "host", "a", "msp_id", "Org1MSP", "kind", "root_ca")
        .gauge().value()).isPositive();
  }

  @Test
  void aWatchersBinderBindsItsReloadsAndExpiry() {
    try (MspFolderWatcher w = MspFolderWatcher.builder(chain.org1.identity("User1").mspDir(),
        "Org1MSP").local(true).manual().start()) {
      Msp4jMetrics.watcher(w).bindTo(registry);

      assertThat(registry.get("msp4j.msp.generation").tag("msp_id", "Org1MSP").gauge().value())
          .isEqualTo(1);
      assertThat(registry.get("msp4j.msp.certificate.expiry")
          .tags("msp_id", "Org1MSP", "kind", "signing_identity").gauge().value()).isPositive();
    }
  }
}
