package io.msp4j.channel.update;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.update.ElementDecision.Status;
import io.msp4j.channel.update.UpdateReport.Stage;
import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.CrlBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.FabricOUIdentifier;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Updates to a channel of three application orgs and one orderer org, checked end to end with
 * the channel's real MSPs and policies: the ordering service's verdict, the new config, the
 * impact and the lock-out guard.
 */
class UpdateScenariosTest {
  static final String CHANNEL = "mychannel";
  @TempDir static Path tmp;
  static GeneratedOrg org1;
  static GeneratedOrg org2;
  static GeneratedOrg org3;
  static GeneratedOrg orderer;
  static Config config;
  static Channel channel;
  static UpdateChecker checker;

  @BeforeAll
  static void generate() {
    GeneratedTree tree = ThreeOrgTree.generate("UpdateScenariosTest", tmp);
    org1 = tree.org("org1.example.com");
    org2 = tree.org("org2.example.com");
    org3 = tree.org("org3.example.com");
    orderer = tree.org("example.com");
    config = ConfigFixture.builder()
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .applicationOrg("Org2", ConfigFixture.msp(org2, "Org2MSP"))
        .applicationOrg("Org3", ConfigFixture.msp(org3, "Org3MSP"))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(orderer, "OrdererMSP"))
        .build();
    channel = Channel.load(ConfigFixture.block(CHANNEL, config));
    checker = ChannelUpdates.checker(channel);
  }

  static FabricMSPConfig fabric(String org) {
    try {
      return FabricMSPConfig.parseFrom(MSPConfig.parseFrom(config.getChannelGroup()
          .getGroupsOrThrow("Application").getGroupsOrThrow(org).getValuesOrThrow("MSP")
          .getValue()).getConfig());
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  /** The current config with org's MSP definition changed. */
  static Config withMsp(String org, UnaryOperator<FabricMSPConfig.Builder> change) {
    FabricMSPConfig f = change.apply(fabric(org).toBuilder()).build();
    ConfigGroup root = config.getChannelGroup();
    ConfigGroup app = root.getGroupsOrThrow("Application");
    ConfigGroup g = app.getGroupsOrThrow(org);
    ConfigValue v = g.getValuesOrThrow("MSP").toBuilder().setValue(MSPConfig.newBuilder()
        .setConfig(f.toByteString()).build().toByteString()).build();
    return config.toBuilder().setChannelGroup(root.toBuilder().putGroups("Application",
        app.toBuilder().putGroups(org, g.toBuilder().putValues("MSP", v).build()).build()))
        .build();
  }

  static ByteString pem(IssuedCertificate c) {
    return ByteString.copyFrom(c.pem(), StandardCharsets.UTF_8);
  }

  static byte[] signed(Config next, Object... signers) {
    Envelope env = ConfigUpdates.envelope(ConfigUpdates.compute(config, next, CHANNEL));
    for (int i = 0; i < signers.length; i += 2) {
      GeneratedIdentity who = (GeneratedIdentity) signers[i];
      env = ConfigUpdates.sign(ConfigUpdateRequest.parse(env.toByteArray()),
          LocalSigners.of(who.mspDir(), (String) signers[i + 1]), new SecureRandom(),
          Clock.systemUTC());
    }
    return env.toByteArray();
  }

  static UpdateReport check(Config next, Object... signers) {
    return checker.check(ConfigUpdateRequest.parse(signed(next, signers)), List.of());
  }

  static Config crlAdded() {
    var crl = CrlBuilder.create(DeterministicRandom.fromSeed("crl"), org1.rootCa().certificate())
        .revoke(org1.identity("User1").certificate()).build();
    return withMsp("Org1", b -> b.addRevocationList(
        ByteString.copyFrom(crl.pem(), StandardCharsets.UTF_8)));
  }

  static MspException failure(UpdateReport r) {
    return (MspException) r.failure().orElseThrow();
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  @Tag("CONFIGTX-UPDATE-08")
  void crlAddedAndSignedByTheOrgAdminIsAccepted() {
    UpdateReport r = check(crlAdded(), org1.admin(), "Org1MSP");
    assertThat(r.accepted()).isTrue();
    assertThat(r.decisions()).singleElement().satisfies(d -> {
      assertThat(d.ref().path()).isEqualTo("/Channel/Application/Org1/MSP");
      assertThat(d.status()).isEqualTo(Status.SATISFIED);
      assertThat(d.outcome().orElseThrow().policyPath())
          .isEqualTo("/Channel/Application/Org1/Admins");
    });
    assertThat(r.changes()).extracting(MspChange::kind)
        .containsExactly(MspChange.Kind.REVOCATION_ADDED);
    assertThat(r.locksOut()).isFalse();
  }

  @Test
  @Tag("CONFIGTX-UPDATE-04")
  void envelopeSignatureIsJudgedAgainstChannelWritersApart() {
    UpdateReport signed = check(crlAdded(), org1.identity("User1"), "Org1MSP");
    assertThat(signed.accepted()).isFalse();
    assertThat(signed.outerWriters()).hasValueSatisfying(w -> {
      assertThat(w.policyPath()).isEqualTo("/Channel/Writers");
      assertThat(w.satisfied()).isTrue();
    });
    assertThat(check(crlAdded()).outerWriters()).isEmpty();
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  @Tag("CONFIGTX-UPDATE-08")
  void crlUnsignedOrSignedByAClientAPeerOrAnotherOrgsAdminIsRejected() {
    Object[][] signers = {
        {},
        {org1.identity("User1"), "Org1MSP"},
        {org1.identity("peer0"), "Org1MSP"},
        {org2.admin(), "Org2MSP"}};
    for (Object[] s : signers) {
      UpdateReport r = check(crlAdded(), s);
      assertThat(r.accepted()).isFalse();
      assertThat(r.stage()).isEqualTo(Stage.AUTHORIZATION);
      MspException e = failure(r);
      assertThat(e.reason()).isEqualTo(Reason.MOD_POLICY_NOT_SATISFIED);
      assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-08");
      assertThat(e.getMessage()).contains("/Channel/Application/Org1/Admins");
      ElementDecision d = r.decisions().get(0);
      assertThat(d.status()).isEqualTo(Status.NOT_SATISFIED);
      assertThat(d.outcome().orElseThrow().missing()).isNotEmpty()
          .allSatisfy(m -> assertThat(m).contains("Org1MSP"));
    }
  }

  @Test
  @Tag("POLICY-SIG-02")
  @Tag("CONFIGTX-UPDATE-03")
  void crlSignedTwiceByTheSameAdminIsAcceptedWithTheDuplicateDropped() {
    UpdateReport r = check(crlAdded(), org1.admin(), "Org1MSP", org1.admin(), "Org1MSP");
    assertThat(r.accepted()).isTrue();
  }

  @Test
  @Tag("CHANNEL-MSP-09")
  @Tag("CONFIGTX-UPDATE-14")
  void mspIdChangeIsAuthorisedButRefusedByTheNewConfigCheck() {
    UpdateReport r = check(withMsp("Org1", b -> b.setName("Org1MSPx")), org1.admin(), "Org1MSP");
    assertThat(r.accepted()).isFalse();
    assertThat(r.stage()).isEqualTo(Stage.NEW_CONFIG);
    assertThat(r.decisions()).allSatisfy(d -> assertThat(d.status().allows()).isTrue());
    assertThat(failure(r).rule()).isEqualTo("CHANNEL-MSP-09");
    assertThat(failure(r).reason()).isEqualTo(Reason.MSP_ID_CHANGED);
  }

  static IssuedCertificate otherRoot() {
    return CertificateBuilder.create(DeterministicRandom.fromSeed("newroot"))
        .subject("CN=ca.org1.example.com,O=org1.example.com").ca().build();
  }

  @Test
  @Tag("CHANNEL-MSP-08")
  @Tag("CONFIGTX-UPDATE-14")
  void rootReplacedWhileNodeOusStillNameTheOldRootDoesNotSetUp() {
    UpdateReport r = check(withMsp("Org1", b -> b.clearRootCerts().addRootCerts(pem(otherRoot()))),
        org1.admin(), "Org1MSP");
    assertThat(r.stage()).isEqualTo(Stage.NEW_CONFIG);
    assertThat(r.decisions().get(0).status()).isEqualTo(Status.SATISFIED);
    assertThat(failure(r).getMessage()).contains("Org1");
  }

  static FabricNodeOUs nodeOusOn(ByteString ca) {
    FabricOUIdentifier.Builder id = FabricOUIdentifier.newBuilder().setCertificate(ca);
    return FabricNodeOUs.newBuilder().setEnable(true)
        .setClientOuIdentifier(id.setOrganizationalUnitIdentifier("client").build())
        .setPeerOuIdentifier(id.setOrganizationalUnitIdentifier("peer").build())
        .setAdminOuIdentifier(id.setOrganizationalUnitIdentifier("admin").build())
        .setOrdererOuIdentifier(id.setOrganizationalUnitIdentifier("orderer").build())
        .build();
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  void rootAndNodeOusReplacedByAnotherOrgsCaAreAcceptedButLockTheOrgOut() {
    ByteString org2Root = fabric("Org2").getRootCerts(0);
    UpdateReport r = check(withMsp("Org1", b -> b.clearRootCerts().addRootCerts(org2Root)
        .clearIntermediateCerts().addAllIntermediateCerts(fabric("Org2").getIntermediateCertsList())
        .setFabricNodeOus(nodeOusOn(org2Root))), org1.admin(), "Org1MSP");
    assertThat(r.accepted()).isTrue();
    assertThat(r.locksOut()).isTrue();
    assertThat(r.lockouts()).singleElement().satisfies(l -> {
      assertThat(l.org()).isEqualTo("/Channel/Application/Org1");
      assertThat(l.adminsToday()).contains("signer of signature 0");
    });
  }

  static IssuedCertificate intermediateOf(GeneratedOrg org, String seed) {
    return CertificateBuilder.create(DeterministicRandom.fromSeed(seed))
        .subject("CN=ica9." + org.domain() + ",O=" + org.domain())
        .issuer(org.rootCa().certificate()).ca()
        .validity(Instant.parse("2024-06-02T00:00:00Z"), Instant.parse("2034-06-01T00:00:00Z"))
        .build();
  }

  @Test
  @Tag("VALIDATE-04")
  @Tag("CHANNEL-MSP-10")
  void intermediateAddedToAnOrgWhoseRootIssuedEveryoneIsAcceptedButRefusedAsALockOut() {
    UpdateReport r = check(withMsp("Org1", b -> b.addIntermediateCerts(
        pem(intermediateOf(org1, "ica1")))), org1.admin(), "Org1MSP");
    assertThat(r.accepted()).isTrue();
    assertThat(r.locksOut()).isTrue();
    assertThat(r.impact()).isNotEmpty().allSatisfy(i -> {
      assertThat(i.before().valid()).isTrue();
      assertThat(i.after().valid()).isFalse();
    });
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  void intermediateAddedToAnOrgAlreadyIssuingThroughIntermediatesImpactsNobody() {
    UpdateReport r = checker.check(ConfigUpdateRequest.parse(signed(
        withMsp("Org2", b -> b.addIntermediateCerts(pem(intermediateOf(org2, "ica2")))),
        org2.admin(), "Org2MSP")), List.of(
            KnownIdentity.certificate("user1", org2.identity("User1").certificate().pem()
                .getBytes(StandardCharsets.UTF_8)),
            KnownIdentity.certificate("peer0", org2.identity("peer0").certificate().pem()
                .getBytes(StandardCharsets.UTF_8))));
    assertThat(r.accepted()).isTrue();
    assertThat(r.impact()).isEmpty();
    assertThat(r.locksOut()).isFalse();
    assertThat(r.changes()).extracting(MspChange::kind)
        .containsExactly(MspChange.Kind.INTERMEDIATE_ADDED);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  @Tag("CHANNEL-MSP-08")
  void nodeOusSwitchedOnWhileAnAdminCertHasNoRoleOuIsAuthorisedButDoesNotLoad() {
    ByteString root = fabric("Org3").getRootCerts(0);
    UpdateReport r = check(withMsp("Org3", b -> b.setFabricNodeOus(nodeOusOn(root))),
        org3.admin(), "Org3MSP");
    assertThat(r.decisions()).allSatisfy(d -> assertThat(d.status().allows()).isTrue());
    assertThat(r.stage()).isEqualTo(Stage.NEW_CONFIG);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-08")
  void signatureOfAnMspOutsideTheChannelIsDroppedAndSaidSo() {
    UpdateReport r = check(crlAdded(), org3.admin(), "Org9MSP");
    assertThat(r.stage()).isEqualTo(Stage.AUTHORIZATION);
    ModPolicyOutcome o = r.decisions().get(0).outcome().orElseThrow();
    assertThat(o.dropped()).singleElement().asString().contains("Org9MSP");
    assertThat(failure(r).getMessage()).contains("did not count");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-15")
  void writtenModPolicyNamingNoPolicyIsAcceptedWithAWarning() {
    ConfigGroup root = config.getChannelGroup();
    ConfigGroup app = root.getGroupsOrThrow("Application");
    ConfigGroup g = app.getGroupsOrThrow("Org1");
    Config next = config.toBuilder().setChannelGroup(root.toBuilder().putGroups("Application",
        app.toBuilder().putGroups("Org1", g.toBuilder().putValues("MSP", g.getValuesOrThrow("MSP")
            .toBuilder().setModPolicy("Nobody").build()).build()).build())).build();
    UpdateReport r = check(next, org1.admin(), "Org1MSP");
    assertThat(r.accepted()).isTrue();
    assertThat(r.warnings()).singleElement().asString()
        .contains("value /Channel/Application/Org1/MSP", "'Nobody'", "CONFIGTX-UPDATE-15");
  }

  @Test
  @Tag("POLICY-IMETA-02")
  @Tag("CONFIGTX-UPDATE-08")
  void orgWhoseAdminsIsAnImplicitMetaPolicyCanBeChangedWithoutAnySignature() throws Exception {
    // An org-level ImplicitMeta policy has no child groups: threshold 0 (Appendix B.17).
    ConfigGroup openOrg = config.getChannelGroup().getGroupsOrThrow("Application")
        .getGroupsOrThrow("Org1").toBuilder()
        .putPolicies("Admins", ConfigFixture.implicitMeta(
            ImplicitMetaPolicy.Rule.ANY, "Admins"))
        .build();
    Config open = ConfigFixture.builder()
        .applicationOrgGroup("Org1", openOrg)
        .applicationOrg("Org2", ConfigFixture.msp(org2, "Org2MSP"))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(orderer, "OrdererMSP"))
        .build();
    UpdateChecker openChecker = ChannelUpdates.checker(
        Channel.load(ConfigFixture.block(CHANNEL, open)));
    ConfigGroup root = open.getChannelGroup();
    ConfigGroup app = root.getGroupsOrThrow("Application");
    ConfigGroup g = app.getGroupsOrThrow("Org1");
    Config next = open.toBuilder().setChannelGroup(root.toBuilder().putGroups("Application",
        app.toBuilder().putGroups("Org1", g.toBuilder().putValues("AnchorPeers",
            g.getValuesOrThrow("AnchorPeers").toBuilder().setValue(ByteString.EMPTY).build())
            .build()).build())).build();
    UpdateReport r = openChecker.check(ConfigUpdateRequest.parse(ConfigUpdates.envelope(
        ConfigUpdates.compute(open, next, CHANNEL)).toByteArray()), List.of());
    assertThat(r.accepted()).isTrue();
    assertThat(r.warnings()).singleElement().asString()
        .contains("value /Channel/Application/Org1/AnchorPeers", "without any signature");
  }
}
