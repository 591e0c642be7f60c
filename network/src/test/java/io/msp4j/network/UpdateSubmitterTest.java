package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.channel.Channel;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;
import org.hyperledger.fabric.protos.orderer.BroadcastResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Broadcasting config updates, with and without check-update's verdict first (BROADCAST-01). */
class UpdateSubmitterTest {
  @TempDir static Path tmp;
  static TestChain chain;
  static FakeOrderingService service;
  static ConnectionOptions options;
  static Channel current;

  @BeforeAll
  static void start() throws Exception {
    chain = new TestChain(tmp);
    Path tls = chain.ordererOrg.identity("orderer").tlsDir();
    service = FakeOrderingService.start(tls, null, chain.blocks());
    options = ConnectionOptions.builder().endpoint(service.endpoint())
        .tlsRootCert("ca.crt", Files.readAllBytes(tls.resolve("ca.crt")))
        .serverName("orderer.example.com").build();
    current = Channel.load(chain.genesisBytes());
  }

  @AfterAll
  static void stop() {
    service.close();
  }

  private static byte[] batchTimeoutUpdate(io.msp4j.core.SigningIdentity... admins) {
    Config c = chain.config();
    ConfigGroup orderer = c.getChannelGroup().getGroupsOrThrow("Orderer");
    ConfigValue bt = orderer.getValuesOrThrow("BatchTimeout").toBuilder()
        .setValue(BatchTimeout.newBuilder().setTimeout("4s").build().toByteString()).build();
    Config updated = c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder()
        .putGroups("Orderer", orderer.toBuilder().putValues("BatchTimeout", bt).build())).build();
    Envelope e = ConfigUpdates.envelope(ConfigUpdates.compute(c, updated, TestChain.CHANNEL));
    for (io.msp4j.core.SigningIdentity a : admins) {
      e = ConfigUpdates.sign(ConfigUpdateRequest.parse(e.toByteArray()), a, new SecureRandom(),
          Clock.systemUTC());
    }
    return e.toByteArray();
  }

  @ParameterizedTest
  @EnumSource(value = Status.class, names = {"SUCCESS", "BAD_REQUEST", "FORBIDDEN", "NOT_FOUND",
      "REQUEST_ENTITY_TOO_LARGE", "INTERNAL_SERVER_ERROR", "NOT_IMPLEMENTED", "SERVICE_UNAVAILABLE"})
  @Tag("BROADCAST-01")
  void theOrderersAnswerIsReturnedAsItIs(Status status) {
    service.broadcastAnswer = e -> BroadcastResponse.newBuilder().setStatus(status)
        .setInfo("answer " + status).build();
    byte[] envelope = batchTimeoutUpdate(chain.ordererAdmin);
    // A 5xx answer is retried until the give-up time, then returned as the last answer heard.
    UpdateSubmitter.SubmitResult r = UpdateSubmitter.builder(options)
        .giveUpAfter(java.time.Duration.ofMillis(300)).build()
        .submit(envelope, Optional.empty(), false);
    assertThat(r.submitted()).isTrue();
    assertThat(r.broadcast().orElseThrow().status()).isEqualTo(status);
    assertThat(r.broadcast().orElseThrow().info()).isEqualTo("answer " + status);
    assertThat(r.broadcast().orElseThrow().accepted()).isEqualTo(status == Status.SUCCESS);
    assertThat(service.broadcasts.get(service.broadcasts.size() - 1).toByteArray()).isEqualTo(envelope);
    assertThat(r.check()).isEmpty();
  }

  @Test
  @Tag("BROADCAST-01")
  void anUpdateTheCheckRejectsIsNotSent() {
    service.broadcastAnswer = e -> BroadcastResponse.newBuilder().setStatus(Status.SUCCESS).build();
    int before = service.broadcasts.size();
    // Signed by a peer org's admin only: /Channel/Orderer/Admins is not satisfied.
    UpdateSubmitter.SubmitResult r = UpdateSubmitter.of(options)
        .submit(batchTimeoutUpdate(chain.org1Admin), Optional.of(current), false);
    assertThat(r.submitted()).isFalse();
    assertThat(r.broadcast()).isEmpty();
    assertThat(r.check().orElseThrow().accepted()).isFalse();
    assertThat(service.broadcasts).hasSize(before);
  }

  @Test
  @Tag("BROADCAST-01")
  void anUpdateTheCheckAcceptsIsSent() {
    service.broadcastAnswer = e -> BroadcastResponse.newBuilder().setStatus(Status.SUCCESS).build();
    UpdateSubmitter.SubmitResult r = UpdateSubmitter.of(options)
        .submit(batchTimeoutUpdate(chain.ordererAdmin), Optional.of(current), false);
    assertThat(r.check().orElseThrow().accepted()).isTrue();
    assertThat(r.submitted()).isTrue();
    assertThat(r.broadcast().orElseThrow().accepted()).isTrue();
  }

  @Test
  void anUnreachableOrdererIsANetworkFailure() throws Exception {
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ConnectionOptions nowhere = ConnectionOptions.builder().endpoint(new Endpoint("127.0.0.1", port))
        .tlsRootCert("ca.crt", Files.readAllBytes(chain.ordererOrg.identity("orderer").tlsDir()
            .resolve("ca.crt"))).build();
    NetworkException e = assertThrows(NetworkException.class, () -> UpdateSubmitter.builder(nowhere)
        .giveUpAfter(java.time.Duration.ofMillis(300)).build().submit(batchTimeoutUpdate(chain.ordererAdmin), Optional.empty(), false));
    assertThat(e.kind()).isEqualTo(NetworkException.Kind.UNREACHABLE);
  }
}
