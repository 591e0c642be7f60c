package io.msp4j.channel.rotation;

import static io.msp4j.channel.rotation.RotationFixtures.bytes;
import static io.msp4j.channel.rotation.RotationFixtures.identities;
import static io.msp4j.channel.rotation.RotationFixtures.load;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.channel.rotation.internal.Consenters;
import io.msp4j.core.Identity;
import io.msp4j.core.MspException;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Full rotations replayed step by step: each step's config applied to a {@link ReloadingChannel}
 * that keeps validating the org's identities; and the orderer org's TLS CA rotation with one
 * consenter swapped per update.
 */
class RotationReplayTest {
  @TempDir static Path tmp;
  static GeneratedTree old;
  static GeneratedTree reissued;
  static Channel channel;

  @BeforeAll
  static void generate() {
    old = RotationFixtures.tree(tmp.resolve("old"), false);
    reissued = RotationFixtures.tree(tmp.resolve("new"), true);
    channel = load(RotationFixtures.channel(old));
  }

  static byte[] serialized(String mspId, RotationIdentity id) {
    return SerializedIdentity.newBuilder().setMspid(mspId).setIdBytes(id.certificate()).build()
        .toByteArray();
  }

  /** The identities the channel refuses among those expected valid. */
  static List<String> refused(ReloadingChannel live, String mspId, List<RotationIdentity> ids) {
    List<String> out = new ArrayList<>();
    for (RotationIdentity id : ids) {
      try {
        Identity i = live.deserialize(serialized(mspId, id));
        live.msp(mspId).orElseThrow().validate(i);
      } catch (MspException e) {
        out.add(id.label() + ": [" + e.rule() + "] " + e.detail());
      }
    }
    return out;
  }

  @Test
  @Tag("CORE-03")
  @Tag("NODEOU-05")
  void aRootRotationReplayedOnAReloadingChannelNeverRefusesAValidIdentity() {
    GeneratedOrg oldOrg = old.org("org1.example.com");
    GeneratedOrg newOrg = reissued.org("org1.example.com");
    List<RotationIdentity> oldIds = identities(oldOrg, "old");
    List<RotationIdentity> newIds = identities(newOrg, "new");
    List<RotationIdentity> all = new ArrayList<>(oldIds);
    all.addAll(newIds);
    RotationPlan plan = RotationPlanner.plan(channel, RotationRequest.builder("Org1MSP")
        .add(RotationFixtures.root(newOrg)).retire(RotationFixtures.retireRoot(oldOrg))
        .identities(all).build());
    assertThat(plan.complete()).isTrue();

    ReloadingChannel live = ReloadingChannel.builder(RotationFixtures.CHANNEL).build();
    live.apply(ConfigFixture.block(RotationFixtures.CHANNEL, channel.config()));
    int validated = 0;
    // Before the rotation: the old identities are in use.
    assertThat(refused(live, "Org1MSP", oldIds)).isEmpty();
    validated += oldIds.size();
    for (RotationStep step : plan.steps()) {
      live.apply(ConfigFixture.block(RotationFixtures.CHANNEL, step.next()));
      // In use at this step: the old identities until the retire step, the re-issued ones from
      // the add step on (they are deployed between add and retire).
      List<RotationIdentity> inUse = new ArrayList<>(newIds);
      if (step.kind() != StepKind.RETIRE) {
        inUse.addAll(oldIds);
      }
      for (int round = 0; round < 20; round++) {
        assertThat(refused(live, "Org1MSP", inUse)).as("after %s", step.fileName()).isEmpty();
        validated += inUse.size();
      }
    }
    assertThat(live.generation()).isEqualTo(1 + plan.steps().size());
    assertThat(validated).isEqualTo(3 + 20 * 6 + 20 * 3);
    // And the retired CA's identities are refused at the end.
    assertThat(refused(live, "Org1MSP", oldIds)).hasSize(oldIds.size());
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void anOrdererTlsCaRotationSwapsOneConsenterPerUpdateBetweenAddAndRetire() {
    GeneratedOrg oldOrg = old.org("example.com");
    GeneratedOrg newOrg = reissued.org("example.com");
    NewCa tls = new NewCa(CaRole.TLS_ROOT, bytes(newOrg.tlsRootCa().certFile()), "tlsca2");
    RetiredCa retired = new RetiredCa("tlsca", bytes(oldOrg.tlsRootCa().certFile()));

    RotationPlan missing = RotationPlanner.plan(channel, RotationRequest.builder("OrdererMSP")
        .add(tls).retire(retired).build());
    assertThat(missing.steps()).extracting(RotationStep::kind).containsExactly(StepKind.ADD);
    assertThat(missing.refusals()).singleElement().satisfies(r -> {
      assertThat(r.step()).isEqualTo(StepKind.RETIRE);
      assertThat(r.rule()).isEqualTo("CONFIGTX-UPDATE-14");
      assertThat(r.items()).hasSize(6).anyMatch(i -> i.startsWith("consenter orderer1"));
    });

    RotationPlan plan = RotationPlanner.plan(channel, RotationRequest.builder("OrdererMSP")
        .add(tls).retire(retired)
        .identities(RotationFixtures.orderers(newOrg, "new", true)).build());
    assertThat(plan.complete()).as("%s", plan.refusals()).isTrue();
    assertThat(plan.steps()).extracting(RotationStep::fileName).containsExactly(
        "01-add.pb", "02-consenter.pb", "03-consenter.pb", "04-consenter.pb", "05-retire.pb");
    List<ByteString> newTls = RotationFixtures.orderers(newOrg, "new", true).stream()
        .map(RotationIdentity::certificate).toList();
    for (int i = 1; i <= 3; i++) {
      RotationStep s = plan.steps().get(i);
      List<Consenters.Consenter> before = Consenters.of(plan.steps().get(i - 1).next());
      List<Consenters.Consenter> after = Consenters.of(s.next());
      int changed = 0;
      for (int c = 0; c < 3; c++) {
        if (!before.get(c).clientTls().equals(after.get(c).clientTls())) {
          changed++;
          assertThat(after.get(c).clientTls()).isEqualTo(newTls.get(c));
          assertThat(after.get(c).serverTls()).isEqualTo(newTls.get(c));
        }
      }
      assertThat(changed).as(s.fileName()).isEqualTo(1);
      assertThat(s.policies()).singleElement().satisfies(p -> {
        assertThat(p.element()).contains("/Channel/Orderer/ConsensusType");
        assertThat(p.policyPath()).isEqualTo("/Channel/Orderer/Admins");
      });
      assertThat(Consenters.tlsProblems(s.next())).isEmpty();
    }
    assertThat(plan.steps().get(4).policies()).anySatisfy(p ->
        assertThat(p.policyPath()).isEqualTo("/Channel/Orderer/OrdererOrg/Admins"));
    assertThat(Consenters.tlsProblems(plan.steps().get(4).next())).isEmpty();
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void retiringTheTlsCaBeforeTheConsentersAreSwappedWouldBreakTheirCertificates() {
    GeneratedOrg oldOrg = old.org("example.com");
    // A config where the TLS CA is retired with the consenters untouched: what the planner refuses.
    RotationPlan plan = RotationPlanner.plan(channel, RotationRequest.builder("OrdererMSP")
        .add(new NewCa(CaRole.TLS_ROOT, bytes(reissued.org("example.com").tlsRootCa().certFile()),
            "tlsca2"))
        .retire(new RetiredCa("tlsca", bytes(oldOrg.tlsRootCa().certFile())))
        .identities(RotationFixtures.orderers(oldOrg, "old", true)).build());
    assertThat(plan.complete()).isFalse();
    assertThat(plan.steps()).noneMatch(s -> s.kind() == StepKind.RETIRE);
  }
}
