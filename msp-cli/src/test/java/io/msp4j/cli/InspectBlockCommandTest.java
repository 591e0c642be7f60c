package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.TestOrgs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code msp inspect --block} and {@code msp expiry --block}: every organisation of a channel, and its policies. */
class InspectBlockCommandTest {
  @TempDir static Path tmp;
  static String block;

  @BeforeAll
  static void channel() throws Exception {
    TestOrgs orgs = new TestOrgs(tmp.resolve("crypto"));
    block = Files.write(tmp.resolve("config.block"),
        ConfigFixture.block("mychannel", orgs.standard().build())).toString();
  }

  @Test
  @Tag("VER-02")
  void everyOrganisationIsShownAtTheChannelsVersionThenThePolicyTree() {
    CliRun r = CliRun.of("inspect", "--block", block, "--now", "2025-01-01T00:00:00Z");
    assertThat(r.status()).isZero();
    assertThat(r.out()).startsWith("channel mychannel, config sequence 0, MSP version 3.0, 3 organisations\n\n");
    assertThat(r.out()).contains(
        "MSP Org1MSP  (/Channel/Application/Org1)\nsetup: ok at MSP version 3.0\n",
        "MSP Org2MSP  (/Channel/Application/Org2)\n",
        "MSP OrdererMSP  (/Channel/Orderer/OrdererOrg)\n",
        "└── root CA  root_certs[0]\n");
    String policies = r.out().substring(r.out().indexOf("\npolicies\n"));
    assertThat(policies).contains(
        "    /Channel\n        Admins                 MAJORITY Admins   (mod_policy Admins)\n",
        "    /Channel/Orderer\n",
        "        BlockValidation        ANY Writers",
        "    /Channel/Application/Org1\n",
        "        Writers                OR('Org1MSP.member')");
  }

  @Test
  void oneMspIdNarrowsTheOrganisations() {
    CliRun r = CliRun.of("inspect", "--block", block, "--msp-id", "Org2MSP");
    assertThat(r.status()).isZero();
    assertThat(r.out()).contains("MSP Org2MSP").doesNotContain("MSP Org1MSP", "MSP OrdererMSP");
    CliRun none = CliRun.of("inspect", "--block", block, "--msp-id", "NoSuchMSP");
    assertThat(none.status()).isEqualTo(2);
    assertThat(none.err()).contains("the channel has no MSP 'NoSuchMSP'; its MSP IDs are Org1MSP, Org2MSP, OrdererMSP");
  }

  @Test
  void jsonIsOneObjectForTheChannel() {
    CliRun r = CliRun.of("inspect", "--block", block, "--json");
    assertThat(r.status()).isZero();
    assertThat(r.out().lines()).hasSize(1);
    JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
    assertThat(o.get("channel_id").getAsString()).isEqualTo("mychannel");
    assertThat(o.get("msp_version").getAsString()).isEqualTo("3.0");
    JsonArray msps = o.getAsJsonArray("msps");
    assertThat(msps).hasSize(3);
    assertThat(msps.get(0).getAsJsonObject().get("source").getAsString()).isEqualTo("/Channel/Application/Org1");
    JsonArray policies = o.getAsJsonArray("policies");
    JsonObject bv = null;
    for (int i = 0; i < policies.size(); i++) {
      JsonObject p = policies.get(i).getAsJsonObject();
      if (p.get("path").getAsString().equals("/Channel/Orderer/BlockValidation")) {
        bv = p;
      }
    }
    assertThat(bv).isNotNull();
    assertThat(bv.get("type").getAsString()).isEqualTo("implicit_meta");
    assertThat(bv.get("text").getAsString()).isEqualTo("ANY Writers");
  }

  @Test
  void dotDrawsOneClusterPerOrganisation() {
    CliRun r = CliRun.of("inspect", "--block", block, "--dot");
    assertThat(r.status()).isZero();
    assertThat(DotSyntax.parse(r.out()).subgraphs).isEqualTo(3);
  }

  @Test
  void expiryListsTheCertificatesOfEveryOrganisation() {
    // The generated certificates last ten years from 2024-06-01.
    CliRun r = CliRun.of("expiry", "--block", block, "--now", "2034-05-01T00:00:00Z", "--within", "60d", "--json");
    assertThat(r.status()).isEqualTo(1);
    List<String> mspIds = r.out().lines()
        .map(l -> JsonParser.parseString(l).getAsJsonObject().get("msp_id").getAsString()).distinct().toList();
    assertThat(mspIds).containsExactlyInAnyOrder("Org1MSP", "Org2MSP", "OrdererMSP");
    CliRun text = CliRun.of("expiry", "--block", block, "--now", "2034-05-01T00:00:00Z", "--within", "60d");
    assertThat(text.out().lines().findFirst().orElseThrow()).containsPattern("^EXPIRING  (Org1MSP|Org2MSP|OrdererMSP)  ");
  }

  @Test
  void localAndBlockDoNotGoTogether() {
    CliRun r = CliRun.of("inspect", "--block", block, "--local");
    assertThat(r.status()).isEqualTo(3);
    assertThat(r.err()).contains("--local goes with --msp-dir, not with --block");
    assertThat(CliRun.of("expiry", "--block", block, "--msp-dir", "x").status()).isEqualTo(3);
    CliRun unusable = CliRun.of("inspect", "--block", tmp.resolve("crypto").toString());
    assertThat(unusable.status()).isEqualTo(2);
  }
}
