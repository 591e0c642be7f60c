package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.network.BftNetwork;
import io.msp4j.network.BftTestChain;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code msp channel follow} on a SmartBFT channel whose consenter 4 is removed (block 1) and
 * added back (block 2): each config block's changes name the consenter, its endpoint and the new
 * quorum, in text and JSON.
 */
@Tag("DELIVER-06")
class FollowCommandOrderingChangesTest {
  @TempDir static Path tmp;
  static BftNetwork net;
  static String fourth;

  @BeforeAll
  static void start() throws Exception {
    net = BftNetwork.start(tmp);
    net.chain.appendConsenterRemoval(4);
    net.chain.appendConsenterAddition(4);
    net.publish();
    fourth = "127.0.0.1:" + net.chain.port(4);
  }

  @AfterAll
  static void stop() {
    net.close();
  }

  private static CliRun follow(String... more) {
    List<String> a = new ArrayList<>(List.of("channel", "follow",
        "--orderer", net.endpoints().get(0).toString(),
        "--tls-ca", net.chain.tlsDir(1).resolve("ca.crt").toString(),
        "--channel", BftTestChain.CHANNEL,
        "--msp-dir", net.chain.org1.identity("User1").mspDir().toString(), "--msp-id", "Org1MSP",
        "--give-up-after", "10s", "--until", "2"));
    a.addAll(List.of(more));
    return CliRun.of(a.toArray(String[]::new));
  }

  private static List<String> changes(JsonObject block) {
    List<String> out = new ArrayList<>();
    for (JsonElement e : block.getAsJsonArray("changes")) {
      JsonObject c = e.getAsJsonObject();
      out.add(c.get("org").getAsString() + " " + c.get("kind").getAsString() + " "
          + c.get("detail").getAsString());
    }
    return out;
  }

  @Test
  void jsonChangesNameTheConsenterRemovedAndAddedBackItsEndpointAndTheQuorum() {
    CliRun r = follow("--json");

    assertThat(r.status()).as(r.err()).isZero();
    List<JsonObject> blocks = r.out().lines()
        .map(l -> JsonParser.parseString(l).getAsJsonObject()).toList();
    assertThat(blocks).hasSize(3);
    assertThat(changes(blocks.get(1))).contains(
        "/Channel/Orderer consenter_removed " + fourth + " (id 4, OrdererMSP)",
        "/Channel/Orderer quorum_changed BFT: 3 of 4 consenters -> 2 of 3",
        "/Channel/Orderer/OrdererOrg endpoint_removed " + fourth,
        "/Channel/Orderer policy_changed BlockValidation");
    assertThat(changes(blocks.get(2))).contains(
        "/Channel/Orderer consenter_added " + fourth + " (id 4, OrdererMSP)",
        "/Channel/Orderer quorum_changed BFT: 2 of 3 consenters -> 3 of 4",
        "/Channel/Orderer/OrdererOrg endpoint_added " + fourth);
  }

  @Test
  void textChangesNameTheConsenterRemovedItsEndpointAndTheQuorum() {
    CliRun r = follow();

    assertThat(r.status()).as(r.err()).isZero();
    String removal = r.out().lines().filter(l -> l.startsWith("block 1: ")).findFirst()
        .orElseThrow();
    assertThat(removal).contains("/Channel/Orderer: consenter removed " + fourth
            + " (id 4, OrdererMSP)",
        "/Channel/Orderer: quorum changed BFT: 3 of 4 consenters -> 2 of 3",
        "/Channel/Orderer/OrdererOrg: endpoint removed " + fourth);
  }
}
