package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.network.BftNetwork;
import io.msp4j.network.BftTestChain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Status;
import org.hyperledger.fabric.protos.orderer.BatchTimeout;
import org.hyperledger.fabric.protos.orderer.BroadcastResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code msp configtx submit --block} to a BFT channel whose consenter 4 was removed: the quorum
 * is counted over the channel's three consenters, and the removed orderer given is named.
 */
@Tag("BROADCAST-01")
class SubmitCommandConsentersTest {
  @TempDir static Path tmp;
  static BftNetwork net;
  static Path block;
  static Path envelope;

  @BeforeAll
  static void start() throws Exception {
    net = BftNetwork.start(tmp.resolve("net"));
    net.chain.appendConsenterRemoval(4);
    net.publish();
    List<Block> blocks = net.chain.blocks();
    block = tmp.resolve("current.block");
    Files.write(block, blocks.get(blocks.size() - 1).toByteArray());
    Config c = net.chain.config();
    ConfigGroup orderer = c.getChannelGroup().getGroupsOrThrow("Orderer");
    ConfigValue bt = orderer.getValuesOrThrow("BatchTimeout").toBuilder()
        .setValue(BatchTimeout.newBuilder().setTimeout("5s").build().toByteString()).build();
    Config updated = c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder()
        .putGroups("Orderer", orderer.toBuilder().putValues("BatchTimeout", bt).build())).build();
    envelope = tmp.resolve("signed.pb");
    Files.write(envelope, ConfigUpdates.sign(ConfigUpdateRequest.parse(ConfigUpdates.envelope(
            ConfigUpdates.compute(c, updated, BftTestChain.CHANNEL)).toByteArray()),
        net.chain.ordererAdmin, new SecureRandom(), Clock.systemUTC()).toByteArray());
    net.orderer(3).broadcastAnswer = e -> BroadcastResponse.newBuilder()
        .setStatus(Status.SERVICE_UNAVAILABLE).setInfo("no leader").build();
    net.orderer(4).broadcastAnswer = e -> BroadcastResponse.newBuilder()
        .setStatus(Status.NOT_FOUND).setInfo("channel does not exist").build();
  }

  @AfterAll
  static void stop() {
    net.close();
  }

  private static CliRun submit(String... more) {
    List<String> a = new ArrayList<>(List.of("configtx", "submit",
        "--tls-ca", net.chain.tlsDir(1).resolve("ca.crt").toString(),
        "--envelope", envelope.toString(), "--block", block.toString()));
    net.endpoints().forEach(e -> a.addAll(List.of("--orderer", e.toString())));
    a.addAll(List.of(more));
    return CliRun.of(a.toArray(String[]::new));
  }

  @Test
  void twoOfTheChannelsThreeConsentersAcceptingIsAQuorumAndTheRemovedOrdererIsNamed() {
    String removed = net.orderer(4).endpoint().toString();

    CliRun json = submit("--json");

    assertThat(json.status()).as(json.out() + json.err()).isZero();
    JsonObject o = JsonParser.parseString(json.out()).getAsJsonObject();
    assertThat(o.get("status").getAsString()).isEqualTo("SUCCESS");
    assertThat(o.get("info").getAsString()).startsWith("2 of 3 consenters accepted it (BFT quorum 2)");
    JsonObject q = o.getAsJsonObject("quorum");
    assertThat(q.get("counted_over").getAsString()).isEqualTo("consenters");
    assertThat(q.get("members").getAsInt()).isEqualTo(3);
    assertThat(q.get("quorum").getAsInt()).isEqualTo(2);
    assertThat(q.get("accepted").getAsInt()).isEqualTo(2);
    assertThat(q.getAsJsonArray("not_consenters").get(0).getAsString()).isEqualTo(removed);

    CliRun text = submit();
    assertThat(text.status()).as(text.out() + text.err()).isZero();
    assertThat(text.out()).contains("orderer: SUCCESS: 2 of 3 consenters accepted it",
        "  " + removed + ": NOT_FOUND: channel does not exist (not a consenter of the channel)");
  }
}
