package io.msp4j.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.msp4j.network.ChannelFollower;
import io.msp4j.network.FakeOrderingService;
import io.msp4j.network.FollowOutcome;
import io.msp4j.network.TestChain;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A follower over the network tests' fake orderer, its meters read from a simple registry. */
class FollowerMetricsTest {
  @TempDir static Path tmp;
  static TestChain chain;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private FakeOrderingService service;

  @BeforeAll
  static void chain() {
    chain = TestChain.standard(tmp); // 1 txs, 2 config, 3 txs, 4 config, 5 txs
  }

  @AfterEach
  void stop() {
    if (service != null) {
      service.close();
    }
  }

  private ChannelFollower follower() throws Exception {
    service = FakeOrderingService.start(Fixture.ordererTls(chain), null, chain.blocks());
    return ChannelFollower.builder(TestChain.CHANNEL, Fixture.connection(chain, service),
            chain.org1User)
        .backoff(Duration.ofMillis(20), Duration.ofMillis(200))
        .giveUpAfter(Duration.ofSeconds(20)).configEndpoints(false)
        .anchor(chain.genesisBytes()).until(5).build();
  }

  private double gauge(String name) {
    return registry.get(name).tag("channel", TestChain.CHANNEL).gauge().value();
  }

  private double counter(String name) {
    return registry.get(name).tag("channel", TestChain.CHANNEL).functionCounter().count();
  }

  @Test
  void beforeTheFollowerRunsEveryMeterExistsAtZero() throws Exception {
    FollowerMetrics.of(follower()).bindTo(registry);

    assertThat(gauge("msp4j.follower.height")).isZero();
    assertThat(counter("msp4j.follower.blocks.verified")).isZero();
    assertThat(registry.get("msp4j.follower.config.blocks").counter().count()).isZero();
    assertThat(registry.get("msp4j.follower.reconnects").counter().count()).isZero();
    assertThat(registry.get("msp4j.follower.source.switches").counter().count()).isZero();
    assertThat(gauge("msp4j.follower.header.streams")).isZero();
    assertThat(counter("msp4j.follower.censorship.suspicions")).isZero();
    assertThat(counter("msp4j.follower.censorships")).isZero();
    assertThat(registry.get("msp4j.follower.block.verification").functionTimer().count())
        .isZero();
    assertThat(gauge("msp4j.follower.last.block.age")).isGreaterThanOrEqualTo(0);
  }

  @Test
  void theMetersMoveAsTheFollowerVerifiesBlocks() throws Exception {
    ChannelFollower f = follower();
    FollowerMetrics.of(f).bindTo(registry);

    assertThat(f.run().status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);

    assertThat(gauge("msp4j.follower.height")).isEqualTo(6);
    assertThat(counter("msp4j.follower.blocks.verified")).isEqualTo(6); // the anchor and 1..5
    // The anchor's configuration and blocks 2 and 4.
    assertThat(registry.get("msp4j.follower.config.blocks").counter().count()).isEqualTo(3);
    FunctionTimer verification =
        registry.get("msp4j.follower.block.verification").functionTimer();
    assertThat(verification.count()).isEqualTo(5);
    assertThat(verification.totalTime(java.util.concurrent.TimeUnit.NANOSECONDS)).isPositive();
    assertThat(registry.get("msp4j.follower.source")
        .tags("channel", TestChain.CHANNEL, "source", service.endpoint().toString())
        .gauge().value()).isEqualTo(1);
    assertThat(registry.find("msp4j.follower.blocks.refused").counters()).isEmpty();
  }

  @Test
  void aRefusedBlockIsCountedByItsReason() throws Exception {
    ChannelFollower f = follower();
    service.tamper = b -> b.getHeader().getNumber() == 3
        ? TestChain.sign(b.toBuilder().clearMetadata().build(), 2, chain.org1Admin) : b;
    FollowerMetrics.of(f).bindTo(registry);

    FollowOutcome o = f.run();

    assertThat(o.status()).isEqualTo(FollowOutcome.Status.REFUSED);
    String reason = o.refusal().orElseThrow().refusal().reason().name();
    assertThat(registry.get("msp4j.follower.blocks.refused")
        .tags("channel", TestChain.CHANNEL, "reason", reason).counter().count()).isEqualTo(1);
    assertThat(gauge("msp4j.follower.height")).isEqualTo(3);
  }

  @Test
  void aBrokenStreamCountsAReconnection() throws Exception {
    ChannelFollower f = follower();
    service.cutAfter = 2;
    service.cutsLeft.set(1);
    FollowerMetrics.of(f).bindTo(registry);

    assertThat(f.run().status()).isEqualTo(FollowOutcome.Status.UNTIL_REACHED);

    assertThat(registry.get("msp4j.follower.reconnects").counter().count()).isEqualTo(1);
    assertThat(registry.get("msp4j.follower.source.switches").counter().count()).isZero();
    assertThat(gauge("msp4j.follower.height")).isEqualTo(6);
  }
}
