package io.msp4j.channel.rotation;

import static io.msp4j.channel.rotation.RotationFixtures.bytes;
import static io.msp4j.channel.rotation.RotationFixtures.identities;
import static io.msp4j.channel.rotation.RotationFixtures.load;
import static io.msp4j.channel.rotation.RotationFixtures.retireRoot;
import static io.msp4j.channel.rotation.RotationFixtures.root;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.channel.Channel;
import io.msp4j.channel.update.ChannelUpdates;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.ConfigUpdates;
import io.msp4j.channel.update.IdentityImpact;
import io.msp4j.channel.update.KnownIdentity;
import io.msp4j.channel.update.UpdateReport;
import io.msp4j.core.Reason;
import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rotation plans over generated trees, each step judged again by check-update's own code. */
class RotationPlannerTest {
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

  static GeneratedOrg org(GeneratedTree t, int n) {
    return t.org("org" + n + ".example.com");
  }

  static List<RotationIdentity> both(int n) {
    List<RotationIdentity> all = new ArrayList<>(identities(org(old, n), "old"));
    all.addAll(identities(org(reissued, n), "new"));
    return all;
  }

  static FabricMSPConfig msp(Config c, String section, String org) throws Exception {
    return FabricMSPConfig.parseFrom(MSPConfig.parseFrom(c.getChannelGroup()
        .getGroupsOrThrow(section).getGroupsOrThrow(org).getValuesOrThrow("MSP").getValue())
        .getConfig());
  }

  /** check-update's verdict on a step signed by the given admin, against the config it follows. */
  static UpdateReport signedCheck(Channel at, RotationStep step, GeneratedOrg signerOrg,
      String mspId, List<KnownIdentity> known) {
    ConfigUpdateRequest request = ConfigUpdateRequest.parse(step.envelope().toByteArray());
    byte[] signed = ConfigUpdates.sign(request, RotationFixtures.signer(signerOrg.admin(), mspId),
        new SecureRandom(), Clock.fixed(Instant.parse("2024-06-02T00:00:00Z"), ZoneOffset.UTC))
        .toByteArray();
    return ChannelUpdates.checker(at).check(ConfigUpdateRequest.parse(signed), known);
  }

  @Test
  @Tag("NODEOU-05")
  @Tag("CERT-ID-01")
  void rootRotationAddsBesideUnpinsNodeOusThenRetiresAndPinsToTheNewRoot() throws Exception {
    RotationPlan plan = RotationPlanner.plan(channel, RotationRequest.builder("Org1MSP")
        .add(root(org(reissued, 1))).retire(retireRoot(org(old, 1)))
        .identities(both(1)).build());
    assertThat(plan.complete()).as("%s", plan.refusals()).isTrue();
    assertThat(plan.steps()).extracting(RotationStep::kind)
        .containsExactly(StepKind.ADD, StepKind.RETIRE);
    RotationStep add = plan.steps().get(0);
    assertThat(add.fileName()).isEqualTo("01-add.pb");
    assertThat(add.changes()).anyMatch(c -> c.startsWith("root CA added"))
        .anyMatch(c -> c.contains("NodeOU admin") && c.contains("unpinned"));
    FabricMSPConfig afterAdd = msp(add.next(), "Application", "Org1");
    assertThat(afterAdd.getRootCertsCount()).isEqualTo(2);
    assertThat(afterAdd.getFabricNodeOus().getAdminOuIdentifier().getCertificate()).isEmpty();
    assertThat(add.standings()).allMatch(i -> i.after().valid());
    assertThat(add.policies()).anySatisfy(p -> {
      assertThat(p.element()).contains("/Channel/Application/Org1");
      assertThat(p.policyPath()).isEqualTo("/Channel/Application/Org1/Admins");
      assertThat(p.signers()).anyMatch(s -> s.contains("Org1MSP"));
    });

    RotationStep retire = plan.steps().get(1);
    assertThat(retire.fileName()).isEqualTo("02-retire.pb");
    FabricMSPConfig afterRetire = msp(retire.next(), "Application", "Org1");
    assertThat(afterRetire.getRootCertsList()).containsExactly(
        bytes(org(reissued, 1).rootCa().certFile()));
    assertThat(afterRetire.getFabricNodeOus().getPeerOuIdentifier().getCertificate())
        .isEqualTo(bytes(org(reissued, 1).rootCa().certFile()));
    assertThat(retire.standings()).allSatisfy(i -> assertThat(i.after().valid())
        .as(i.label()).isEqualTo(i.label().startsWith("new")));
    assertThat(retire.standings()).filteredOn(i -> i.label().startsWith("new"))
        .anySatisfy(i -> assertThat(i.after().roles()).contains("admin"));

    // check-update's own verdict on each step, signed by an admin in force at that step.
    UpdateReport r1 = signedCheck(channel, add, org(old, 1), "Org1MSP", List.of());
    assertThat(r1.accepted()).as("%s", r1.failure()).isTrue();
    assertThat(r1.proposed().orElseThrow().getConfig()).isEqualTo(add.next());
    Channel afterAddChannel = load(add.next());
    UpdateReport r2 = signedCheck(afterAddChannel, retire, org(reissued, 1), "Org1MSP",
        List.of());
    assertThat(r2.accepted()).as("%s", r2.failure()).isTrue();
    assertThat(r2.locksOut()).isFalse();
    assertThat(r2.proposed().orElseThrow().getConfig()).isEqualTo(retire.next());
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  void retiringBeforeReissueIsRefusedWithTheIdentitiesAndRolesLeftWithoutHolder() {
    RotationPlan plan = RotationPlanner.plan(channel, RotationRequest.builder("Org1MSP")
        .add(root(org(reissued, 1))).retire(retireRoot(org(old, 1)))
        .identities(identities(org(old, 1), "old")).build());
    assertThat(plan.complete()).isFalse();
    assertThat(plan.steps()).extracting(RotationStep::kind).containsExactly(StepKind.ADD);
    RotationRefusal r = plan.refusals().get(0);
    assertThat(r.step()).isEqualTo(StepKind.RETIRE);
    assertThat(r.rule()).isNotBlank();
    assertThat(r.items()).anyMatch(i -> i.contains("Admin@org1.example.com"))
        .anyMatch(i -> i.startsWith("role admin"))
        .anyMatch(i -> i.startsWith("role peer"));
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  void allowLockoutWritesTheRetireStepAndMarksIt() {
    RotationPlan plan = RotationPlanner.plan(channel, RotationRequest.builder("Org1MSP")
        .add(root(org(reissued, 1))).retire(retireRoot(org(old, 1)))
        .identities(identities(org(old, 1), "old")).allowLockout(true).build());
    assertThat(plan.complete()).isTrue();
    assertThat(plan.steps()).last().satisfies(s -> {
      assertThat(s.kind()).isEqualTo(StepKind.RETIRE);
      assertThat(s.lockoutAllowed()).isTrue();
    });
  }

  @Test
  @Tag("NODEOU-05")
  void addOnlyWritesOneSafeStepAndTheRetireFollowsOnARerunAfterReissue() {
    RotationPlan first = RotationPlanner.plan(channel, RotationRequest.builder("Org1MSP")
        .add(root(org(reissued, 1))).identities(identities(org(old, 1), "old")).build());
    assertThat(first.steps()).singleElement().satisfies(s -> {
      assertThat(s.kind()).isEqualTo(StepKind.ADD);
      assertThat(s.standings()).noneMatch(IdentityImpact::changed);
    });
    assertThat(first.notes()).anyMatch(n -> n.contains("run rotate-ca again"));

    Channel afterAdd = load(first.steps().get(0).next());
    RotationPlan second = RotationPlanner.plan(afterAdd, RotationRequest.builder("Org1MSP")
        .add(root(org(reissued, 1))).retire(retireRoot(org(old, 1))).identities(both(1))
        .pinNodeOus(true).build());
    assertThat(second.complete()).as("%s", second.refusals()).isTrue();
    assertThat(second.steps()).extracting(RotationStep::fileName).containsExactly("01-retire.pb");
    assertThat(second.notes()).anyMatch(n -> n.contains("already in force"));
    assertThat(second.steps().get(0).changes())
        .anyMatch(c -> c.startsWith("NodeOU client") && c.contains("pinned to"));
  }

  @Test
  @Tag("VALIDATE-04")
  @Tag("SETUP-CRL-03")
  void intermediateRotationKeepsTheRootAndDropsTheOldIntermediatesCrl() throws Exception {
    GeneratedOrg o2 = org(old, 2);
    IssuedCertificate rootCa = o2.rootCa().certificate();
    IssuedCertificate ica2 = CertificateBuilder.create(DeterministicRandom.fromSeed("ica2"))
        .subject("CN=ica2.org2.example.com,O=org2.example.com,L=San Francisco,ST=California,C=US")
        .issuer(rootCa).ca().subjectKeyIdRfc5280()
        .validity(Instant.parse("2024-06-01T00:00:00Z"), Instant.parse("2034-06-01T00:00:00Z"))
        .build();
    List<RotationIdentity> ids = new ArrayList<>(identities(o2, "old"));
    int n = 0;
    for (RotationIdentity id : identities(o2, "new")) {
      IssuedCertificate was = IssuedCertificate.fromPem(id.certificate().toStringUtf8());
      IssuedCertificate again = CertificateBuilder.create(DeterministicRandom.fromSeed("re" + n++))
          .subject(was.holder().getSubject()).issuer(ica2).leaf()
          .validity(Instant.parse("2024-06-01T00:00:00Z"), Instant.parse("2034-06-01T00:00:00Z"))
          .build();
      ids.add(new RotationIdentity(id.label(), com.google.protobuf.ByteString.copyFromUtf8(
          again.pem())));
    }
    FabricMSPConfig before = msp(channel.config(), "Application", "Org2");
    assertThat(before.getRevocationListCount()).isEqualTo(1);
    RotationPlan plan = RotationPlanner.plan(channel, RotationRequest.builder("Org2MSP")
        .add(new NewCa(CaRole.INTERMEDIATE, com.google.protobuf.ByteString.copyFromUtf8(
            ica2.pem()), "ica2.pem"))
        .retire(new RetiredCa("ica.pem", before.getIntermediateCerts(0)))
        .identities(ids).build());
    assertThat(plan.complete()).as("%s", plan.refusals()).isTrue();
    FabricMSPConfig after = msp(plan.steps().get(1).next(), "Application", "Org2");
    assertThat(after.getRootCertsList()).isEqualTo(before.getRootCertsList());
    assertThat(after.getIntermediateCertsCount()).isEqualTo(1);
    assertThat(after.getRevocationListCount()).isZero();
    assertThat(plan.steps().get(1).changes()).anyMatch(c -> c.startsWith("CRL dropped"));
    assertThat(after.getFabricNodeOus().getClientOuIdentifier().getCertificate().toStringUtf8())
        .isEqualTo(ica2.pem());
  }

  @Test
  @Tag("VALIDATE-OU-01")
  @Tag("SETUP-ADMIN-01")
  void ouIdentifiersGetATwinBoundToTheNewCaAndReissuedAdminsJoinBeforeTheOldLeave()
      throws Exception {
    RotationPlan plan = RotationPlanner.plan(channel, RotationRequest.builder("Org4MSP")
        .add(root(org(reissued, 4))).retire(retireRoot(org(old, 4)))
        .identities(both(4)).build());
    assertThat(plan.complete()).as("%s", plan.refusals()).isTrue();
    FabricMSPConfig afterAdd = msp(plan.steps().get(0).next(), "Application", "Org4");
    assertThat(afterAdd.getOrganizationalUnitIdentifiersCount()).isEqualTo(2);
    assertThat(afterAdd.getAdminsCount()).isEqualTo(2);
    FabricMSPConfig afterRetire = msp(plan.steps().get(1).next(), "Application", "Org4");
    assertThat(afterRetire.getOrganizationalUnitIdentifiersList()).singleElement()
        .satisfies(ou -> assertThat(ou.getCertificate())
            .isEqualTo(bytes(org(reissued, 4).rootCa().certFile())));
    assertThat(afterRetire.getAdminsList()).containsExactly(
        bytes(org(reissued, 4).admin().signCertFile()));
  }

  @Test
  @Tag("PRINCIPAL-ROLE-02")
  @Tag("SETUP-ADMIN-02")
  void admincertsAtMsp11AreReplacedAndARetireLeavingNoAdminIsRefused() throws Exception {
    Channel v11 = load(RotationFixtures.v11Channel(old));
    assertThat(v11.mspVersion().toString()).contains("1");
    RotationPlan ok = RotationPlanner.plan(v11, RotationRequest.builder("Org3MSP")
        .add(root(org(reissued, 3))).retire(retireRoot(org(old, 3)))
        .identities(both(3)).build());
    assertThat(ok.complete()).as("%s", ok.refusals()).isTrue();
    assertThat(ok.steps().get(0).changes()).anyMatch(c -> c.startsWith("admin certificate added"));
    assertThat(ok.steps().get(1).changes())
        .anyMatch(c -> c.startsWith("admin certificate removed"));
    assertThat(msp(ok.steps().get(1).next(), "Application", "Org3").getAdminsList())
        .containsExactly(bytes(org(reissued, 3).admin().signCertFile()));

    List<RotationIdentity> noNewAdmin = new ArrayList<>(identities(org(old, 3), "old"));
    noNewAdmin.addAll(identities(org(reissued, 3), "new").subList(1, 3));
    RotationPlan refused = RotationPlanner.plan(v11, RotationRequest.builder("Org3MSP")
        .add(root(org(reissued, 3))).retire(retireRoot(org(old, 3)))
        .identities(noNewAdmin).build());
    assertThat(refused.refusals()).singleElement().satisfies(r -> {
      assertThat(r.step()).isEqualTo(StepKind.RETIRE);
      assertThat(r.items()).anyMatch(i -> i.startsWith("role admin"))
          .anyMatch(i -> i.contains("no known identity satisfies /Channel/Application/Org3/Admins"));
    });
  }

  @Test
  void inputsThatCannotBePlannedNameTheCertificateAndTheRule() {
    RotationException unknown = assertThrows(RotationException.class, () ->
        RotationPlanner.plan(channel, RotationRequest.builder("Org9MSP")
            .add(root(org(reissued, 1))).build()));
    assertThat(unknown.rule()).isEqualTo("CHANNEL-MSP-01");
    assertThat(unknown.reason()).isEqualTo(Reason.ROTATION_INPUT_INVALID);
    assertThat(unknown.detail()).contains("Org1MSP");

    RotationException notHeld = assertThrows(RotationException.class, () ->
        RotationPlanner.plan(channel, RotationRequest.builder("Org1MSP")
            .retire(retireRoot(org(reissued, 1))).build()));
    assertThat(notHeld.rule()).isEqualTo("CHANNEL-MSP-11");
    assertThat(notHeld.detail()).contains("ca2.org1.example.com").contains("serial");

    RotationException leaf = assertThrows(RotationException.class, () ->
        RotationPlanner.plan(channel, RotationRequest.builder("Org1MSP")
            .add(new NewCa(CaRole.ROOT, bytes(org(reissued, 1).admin().signCertFile()),
                "admin.pem")).build()));
    assertThat(leaf.rule()).isEqualTo("SETUP-CAFIN-01");
    assertThat(leaf.detail()).contains("Admin@org1.example.com");

    RotationException lastRoot = assertThrows(RotationException.class, () ->
        RotationPlanner.plan(channel, RotationRequest.builder("Org1MSP")
            .retire(retireRoot(org(old, 1))).build()));
    assertThat(lastRoot.rule()).isEqualTo("SETUP-CA-01");
  }
}
