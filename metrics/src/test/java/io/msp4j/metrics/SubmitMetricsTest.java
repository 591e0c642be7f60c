package io.msp4j.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.msp4j.network.FakeOrderingService;
import io.msp4j.network.TestChain;
import io.msp4j.network.UpdateSubmitter;
import java.nio.file.Path;
import java.time.Duration;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.BroadcastResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Submission meters over the network tests' fake orderer. */
class SubmitMetricsTest {
  @TempDir static Path tmp;
  static TestChain chain;
  static FakeOrderingService service;

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @BeforeAll
  static void start() throws Exception {
    chain = new TestChain(tmp);
    service = FakeOrderingService.start(Fixture.ordererTls(chain), null, chain.blocks());
  }

  @AfterAll
  static void stop() {
    service.close();
  }

  @Test
  void eachBroadcastIsCountedAndTimedByItsFinalStatus() {
    SubmitMetrics meters = SubmitMetrics.create();
    meters.bindTo(registry);
    UpdateSubmitter submitter = UpdateSubmitter.builder(Fixture.connection(chain, service))
        .giveUpAfter(Duration.ofMillis(300)).listener(meters).build();
    Envelope envelope = Envelope.getDefaultInstance();

    service.broadcastAnswer = e -> BroadcastResponse.newBuilder().setStatus(Status.SUCCESS).build();
    submitter.broadcast(envelope);
    submitter.broadcast(envelope);
    service.broadcastAnswer = e -> BroadcastResponse.newBuilder().setStatus(Status.FORBIDDEN)
        .build();
    submitter.broadcast(envelope);

    assertThat(registry.get("msp4j.submits").tag("status", "SUCCESS").counter().count())
        .isEqualTo(2);
    assertThat(registry.get("msp4j.submits").tag("status", "FORBIDDEN").counter().count())
        .isEqualTo(1);
    assertThat(registry.get("msp4j.submit.duration").tag("status", "SUCCESS").timer().count())
        .isEqualTo(2);
  }

  @Test
  void aSubmitterWhoseCopyChangesATimeoutKeepsItsListener() {
    SubmitMetrics meters = SubmitMetrics.create();
    meters.bindTo(registry);
    service.broadcastAnswer = e -> BroadcastResponse.newBuilder().setStatus(Status.SUCCESS).build();

    UpdateSubmitter.builder(Fixture.connection(chain, service)).listener(meters).build()
        .withAnswerTimeout(Duration.ofSeconds(5)).broadcast(Envelope.getDefaultInstance());

    assertThat(registry.get("msp4j.submits").tag("status", "SUCCESS").counter().count())
        .isEqualTo(1);
  }
}
