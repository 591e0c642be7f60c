package io.msp4j.network;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.channel.Channel;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;
import org.hyperledger.fabric.protos.orderer.BroadcastResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Submitting to a BFT channel with its configuration in force (BROADCAST-01): the quorum is the
 * channel's, counted over its consenters (the {@code Orderers} value's host:port), not over the
 * orderers given. Four fake orderers; consenter 4 has been removed from the channel.
 */
@Tag("BROADCAST-01")
class UpdateSubmitterConsentersTest {
  @TempDir static Path tmp;
  static BftNetwork net;
  static Channel threeConsenters;
  static byte[] update;

  @BeforeAll
  static void start() throws Exception {
    net = BftNetwork.start(tmp);
    net.chain.appendConsenterRemoval(4);
    net.publish();
    List<org.hyperledger.fabric.protos.common.Block> blocks = net.chain.blocks();
    threeConsenters = Channel.load(blocks.get(blocks.size() - 1).toByteArray());
    Config c = net.chain.config();
    ConfigGroup orderer = c.getChannelGroup().getGroupsOrThrow("Orderer");
    ConfigValue bt = orderer.getValuesOrThrow("BatchTimeout").toBuilder()
        .setValue(BatchTimeout.newBuilder().setTimeout("5s").build().toByteString()).build();
    Config updated = c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder()
        .putGroups("Orderer", orderer.toBuilder().putValues("BatchTimeout", bt).build())).build();
    update = ConfigUpdates.sign(ConfigUpdateRequest.parse(ConfigUpdates.envelope(
            ConfigUpdates.compute(c, updated, BftTestChain.CHANNEL)).toByteArray()),
        net.chain.ordererAdmin, new SecureRandom(), Clock.systemUTC()).toByteArray();
  }

  @AfterAll
  static void stop() {
    net.close();
  }

  @BeforeEach
  void reset() {
    net.orderers().forEach(o -> o.broadcastAnswer = answer(Status.SUCCESS, ""));
  }

  static java.util.function.Function<org.hyperledger.fabric.protos.common.Envelope,
      BroadcastResponse> answer(Status s, String info) {
    return e -> BroadcastResponse.newBuilder().setStatus(s).setInfo(info).build();
  }

  /** Submits with the channel of three consenters to the fake orderers of these IDs. */
  private static UpdateSubmitter.SubmitResult submit(int... ids) throws Exception {
    List<Endpoint> to = java.util.Arrays.stream(ids).mapToObj(id -> net.orderer(id).endpoint())
        .toList();
    return submitTo(to);
  }

  private static UpdateSubmitter.SubmitResult submitTo(List<Endpoint> endpoints) throws Exception {
    ConnectionOptions.Builder b = ConnectionOptions.builder().tlsRootCert("ca.crt",
        Files.readAllBytes(net.chain.tlsDir(1).resolve("ca.crt")));
    endpoints.forEach(b::endpoint);
    return UpdateSubmitter.builder(b.build()).giveUpAfter(Duration.ofSeconds(10)).build()
        .submit(update, Optional.of(threeConsenters), false);
  }

  @Test
  void aRemovedOrdererGivenDoesNotCountAndTwoOfTheThreeConsentersAreTheQuorum() throws Exception {
    net.orderer(3).broadcastAnswer = answer(Status.SERVICE_UNAVAILABLE, "no leader");
    net.orderer(4).broadcastAnswer = answer(Status.NOT_FOUND, "channel does not exist");

    UpdateSubmitter.SubmitResult r = submit(1, 2, 3, 4);

    BroadcastResult verdict = r.broadcast().orElseThrow();
    assertThat(verdict.status()).isEqualTo(Status.SUCCESS);
    assertThat(verdict.info()).startsWith("2 of 3 consenters accepted it (BFT quorum 2)")
        .contains("not a consenter of the channel: " + net.orderer(4).endpoint());
    QuorumCount q = r.quorum().orElseThrow();
    assertThat(q.overConsenters()).isTrue();
    assertThat(q.members()).isEqualTo(3);
    assertThat(q.quorum()).isEqualTo(2);
    assertThat(q.accepted()).isEqualTo(2);
    assertThat(q.notConsenters()).containsExactly(net.orderer(4).endpoint());
    assertThat(q.consentersNotGiven()).isEmpty();
  }

  @Test
  void consentersNotGivenCountAgainstTheQuorum() throws Exception {
    UpdateSubmitter.SubmitResult r = submit(1, 4);

    BroadcastResult verdict = r.broadcast().orElseThrow();
    assertThat(verdict.status()).isEqualTo(Status.SERVICE_UNAVAILABLE);
    assertThat(verdict.info()).startsWith("only 1 of 3 consenters accepted it, the BFT quorum is 2")
        .contains("consenters not given: " + net.orderer(2).endpoint() + ", "
            + net.orderer(3).endpoint());
    assertThat(r.quorum().orElseThrow().consentersNotGiven())
        .containsExactly(net.orderer(2).endpoint(), net.orderer(3).endpoint());
  }

  @Test
  void ordererNamesThatMatchNoConsenterAreCountedAsGiven() throws Exception {
    List<Endpoint> byName = List.of(1, 2, 3).stream()
        .map(id -> new Endpoint("localhost", net.orderer(id).endpoint().port())).toList();

    UpdateSubmitter.SubmitResult r = submitTo(byName);

    BroadcastResult verdict = r.broadcast().orElseThrow();
    assertThat(verdict.status()).isEqualTo(Status.SUCCESS);
    assertThat(verdict.info()).startsWith("3 of 3 orderers accepted it (BFT quorum 2)")
        .contains("none of the orderers given is a consenter of the channel");
    assertThat(r.quorum().orElseThrow().overConsenters()).isFalse();
  }
}
