package io.msp4j.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.msp4j.config.MspFolderWatcher;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.msp4j.core.CachingMsp;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.MspVersion;
import io.msp4j.network.TestChain;
import io.msp4j.x509.X509Msps;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Validation meters of a watched MSP's caches. */
class ValidationMetricsTest {
  @TempDir static Path tmp;
  static TestChain chain;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @BeforeAll
  static void chain() {
    chain = TestChain.standard(tmp);
  }

  private double count(String name, String key, String value) {
    return registry.get(name).tags("msp_id", "OrdererMSP", key, value).functionCounter().count();
  }

  @Test
  void hitsMissesVerdictsAndTimesAreCounted() {
    ValidationMetrics meters = ValidationMetrics.forMsp("OrdererMSP");
    meters.bindTo(registry);
    // The orderer org's MSP with a CRL that revokes orderer2 (VALIDATE-CRL-02).
    Msp msp = CachingMsp.wrap(X509Msps.setup(chain.ordererMspRevokingOrderer2, MspVersion.V3_0),
        CachingMsp.DEFAULT_CAPACITY, meters);
    Identity orderer = msp.deserialize(chain.orderer.serialize());
    msp.validate(orderer);
    msp.validate(orderer);
    orderer.validate();
    Identity revoked = msp.deserialize(chain.orderer2.serialize());
    assertThatThrownBy(() -> msp.validate(revoked)).isInstanceOf(IdentityException.class);

    assertThat(count("msp4j.msp.validations", "outcome", "valid")).isEqualTo(3);
    assertThat(count("msp4j.msp.validations", "outcome", "invalid")).isEqualTo(1);
    assertThat(count("msp4j.msp.cache.gets", "result", "hit")).isEqualTo(2);
    assertThat(count("msp4j.msp.cache.gets", "result", "miss")).isEqualTo(2);
    assertThat(registry.get("msp4j.msp.validation").tag("msp_id", "OrdererMSP").timer().count())
        .isEqualTo(2);
  }

  @Test
  void aWatchedFoldersCachesTellTheMetersOfEveryGeneration() {
    ValidationMetrics meters = ValidationMetrics.forMsp("Org1MSP");
    meters.bindTo(registry);
    try (MspFolderWatcher w = MspFolderWatcher.builder(chain.org1.mspDir(), "Org1MSP").manual()
        .validationObserver(meters).start()) {
      Msp msp = w.msp();
      Identity user = msp.deserialize(Fixture.serialized("Org1MSP",
          chain.org1.identity("User1").certificate()));
      msp.validate(user);
      msp.validate(user);
    }

    assertThat(registry.get("msp4j.msp.cache.gets").tags("msp_id", "Org1MSP", "result", "hit")
        .functionCounter().count()).isEqualTo(1);
    assertThat(registry.get("msp4j.msp.cache.gets").tags("msp_id", "Org1MSP", "result", "miss")
        .functionCounter().count()).isEqualTo(1);
  }

  @Test
  void aPercentileHistogramIsPublishedOnlyWhenAsked() {
    List<Boolean> histograms = new ArrayList<>();
    registry.config().meterFilter(new MeterFilter() {
      @Override
      public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig c) {
        histograms.add(Boolean.TRUE.equals(c.isPercentileHistogram()));
        return c;
      }
    });

    ValidationMetrics.forMsp("Org1MSP").bindTo(registry);
    ValidationMetrics.forMsp("Org2MSP").withPercentileHistogram().bindTo(registry);

    assertThat(histograms).containsExactly(false, true);
  }
}
