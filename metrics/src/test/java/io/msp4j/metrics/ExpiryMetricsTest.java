package io.msp4j.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.simple.SimpleConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.config.MspFolderWatcher;
import io.msp4j.network.TestChain;
import io.msp4j.testdata.IssuedCertificate;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Certificate expiry gauges of a channel's MSPs and of a watched local MSP. */
class ExpiryMetricsTest {
  @TempDir static Path tmp;
  static TestChain chain;

  private final MockClock clock = new MockClock();
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry(SimpleConfig.DEFAULT, clock);

  @BeforeAll
  static void chain() {
    chain = TestChain.standard(tmp);
  }

  private static double secondsUntil(IssuedCertificate c, long nowMillis) {
    Instant notAfter = c.x509Certificate().getNotAfter().toInstant();
    return (notAfter.toEpochMilli() - nowMillis) / 1000.0;
  }

  @Test
  void eachMspOfTheChannelHasTheSecondsUntilItsRootCaExpires() {
    ReloadingChannel channel = ReloadingChannel.builder("mychannel").build();
    ExpiryMetrics.of(channel, "mychannel").bindTo(registry);
    assertThat(registry.find("msp4j.channel.certificate.expiry").gauges()).isEmpty();

    channel.apply(chain.genesisBytes());

    double root = registry.get("msp4j.channel.certificate.expiry")
        .tags("channel", "mychannel", "msp_id", "Org1MSP", "kind", "root_ca").gauge().value();
    assertThat(root).isEqualTo(secondsUntil(chain.org1.rootCa().certificate(), clock.wallTime()));
    assertThat(registry.get("msp4j.channel.certificate.expiry")
        .tags("msp_id", "Org2MSP", "kind", "tls_ca").gauge().value()).isPositive();
    assertThat(registry.get("msp4j.channel.certificate.expiry")
        .tags("msp_id", "OrdererMSP", "kind", "root_ca").gauge().value()).isPositive();

    clock.add(10, TimeUnit.DAYS);
    assertThat(registry.get("msp4j.channel.certificate.expiry")
        .tags("msp_id", "Org1MSP", "kind", "root_ca").gauge().value())
        .isEqualTo(root - 10 * 86_400);
  }

  @Test
  void aWatchedLocalMspHasItsSigningIdentitysExpiry() {
    try (MspFolderWatcher w = MspFolderWatcher.builder(chain.org1.identity("User1").mspDir(),
        "Org1MSP").local(true).manual().start()) {
      ExpiryMetrics.of(w).bindTo(registry);

      assertThat(registry.get("msp4j.msp.certificate.expiry")
          .tags("msp_id", "Org1MSP", "kind", "signing_identity").gauge().value())
          .isEqualTo(secondsUntil(chain.org1.identity("User1").certificate(), clock.wallTime()));
      assertThat(registry.get("msp4j.msp.certificate.expiry")
          .tags("msp_id", "Org1MSP", "kind", "root_ca").gauge().value()).isPositive();
    }
  }
}
