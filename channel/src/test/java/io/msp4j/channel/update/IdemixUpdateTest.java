package io.msp4j.channel.update;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.config.IdemixMspFolders;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspVersion;
import io.msp4j.core.SigningIdentity;
import io.msp4j.core.policy.SignedData;
import io.msp4j.idemix.IdemixMsps;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.testdata.idemix.IdemixOrg;
import io.msp4j.testdata.idemix.IdemixOrgFolders;
import io.msp4j.testdata.idemix.IdemixUserSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import org.hyperledger.fabric.protos.peer.AnchorPeer;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.peer.AnchorPeers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A V2_0 channel with an idemix org beside X.509 orgs: its policies with idemix signers, and
 * config updates of the idemix org signed by its admin, checked end to end (mod_policy, new
 * config, lock-out guard).
 */
class IdemixUpdateTest {
  static final String CHANNEL = "idxchannel";
  static final String IDEMIX = "IdemixOrgMSP";
  static final byte[] MESSAGE = "a proposal".getBytes(StandardCharsets.UTF_8);
  @TempDir static Path tmp;
  static IdemixOrgFolders idemix;
  static IdemixOrgFolders otherIssuer;
  static Config config;
  static Channel channel;
  static UpdateChecker checker;
  static SigningIdentity admin;
  static SigningIdentity member;

  @BeforeAll
  static void channel() {
    GeneratedTree tree = ThreeOrgTree.generate("IdemixUpdateTest", tmp.resolve("x509"));
    GeneratedOrg org1 = tree.org("org1.example.com");
    GeneratedOrg orderer = tree.org("example.com");
    List<IdemixUserSpec> users = List.of(IdemixUserSpec.admin("admin1", "ou1"),
        IdemixUserSpec.member("user1", "ou1"));
    idemix = IdemixOrg.generate("IdemixUpdateTest", users).writeTo(tmp.resolve("idemix"));
    otherIssuer = IdemixOrg.generate("IdemixUpdateTest other", users).writeTo(tmp.resolve("other"));
    config = ConfigFixture.builder().channelCapabilities("V2_0")
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .applicationOrg("IdemixOrg", IdemixMspFolders.read(idemix.verifier(), IDEMIX))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(orderer, "OrdererMSP"))
        .build();
    channel = Channel.load(ConfigFixture.block(CHANNEL, config));
    checker = ChannelUpdates.checker(channel);
    admin = signer(idemix.user("admin1"), "admin");
    member = signer(idemix.user("user1"), "member");
  }

  static SigningIdentity signer(Path dir, String seed) {
    return IdemixMsps.setup(IdemixMspFolders.read(dir, IDEMIX), MspVersion.V1_4_3,
        FabricRelease.defaultRelease(), DeterministicRandom.fromSeed(seed)).defaultSigningIdentity();
  }

  static SignedData signedBy(SigningIdentity s) {
    return SignedData.of(MESSAGE, s.serialize(), s.sign(MESSAGE));
  }

  static Config withIdemixGroup(java.util.function.UnaryOperator<ConfigGroup.Builder> change) {
    ConfigGroup root = config.getChannelGroup();
    ConfigGroup app = root.getGroupsOrThrow("Application");
    ConfigGroup g = change.apply(app.getGroupsOrThrow("IdemixOrg").toBuilder()).build();
    return config.toBuilder().setChannelGroup(root.toBuilder().putGroups("Application",
        app.toBuilder().putGroups("IdemixOrg", g).build())).build();
  }

  static Config withIdemixMsp(MSPConfig msp) {
    return withIdemixGroup(g -> g.putValues("MSP", g.getValuesOrThrow("MSP").toBuilder()
        .setValue(msp.toByteString()).build()));
  }

  static UpdateReport check(Config next, SigningIdentity... signers) {
    Envelope env = ConfigUpdates.envelope(ConfigUpdates.compute(config, next, CHANNEL));
    for (SigningIdentity s : signers) {
      env = ConfigUpdates.sign(ConfigUpdateRequest.parse(env.toByteArray()), s, new SecureRandom(),
          Clock.systemUTC());
    }
    return checker.check(ConfigUpdateRequest.parse(env.toByteArray()), List.of());
  }

  @Test
  @Tag("IDEMIX-VER-01")
  @Tag("IDEMIX-ROLE-01")
  void theIdemixOrgsPoliciesAreSatisfiedByItsMembersAsFabricSays() {
    assertThat(channel.mspVersion()).isEqualTo(MspVersion.V1_4_3);
    assertThat(channel.msp(IDEMIX)).isPresent();
    assertThat(channel.policy("/Channel/Application/IdemixOrg/Admins").policy()
        .evaluate(List.of(signedBy(admin))).satisfied()).isTrue();
    assertThat(channel.policy("/Channel/Application/IdemixOrg/Admins").policy()
        .evaluate(List.of(signedBy(member))).satisfied()).isFalse();
    assertThat(channel.policy("/Channel/Application/IdemixOrg/Readers").policy()
        .evaluate(List.of(signedBy(member))).satisfied()).isTrue();
    // PEER is never satisfied by an idemix identity: the org's Endorsement policy cannot be met.
    assertThat(channel.policy("/Channel/Application/IdemixOrg/Endorsement").policy()
        .evaluate(List.of(signedBy(admin), signedBy(member))).satisfied()).isFalse();
    // A signature over other bytes drops the signer.
    assertThat(channel.policy("/Channel/Application/IdemixOrg/Readers").policy()
        .evaluate(List.of(SignedData.of("other".getBytes(StandardCharsets.UTF_8),
            member.serialize(), member.sign(MESSAGE)))).satisfied()).isFalse();
  }

  @Test
  @Tag("CONFIGTX-UPDATE-08")
  @Tag("IDEMIX-ROLE-01")
  void anUpdateOfTheIdemixOrgSignedByItsAdminIsAcceptedAndByItsMemberRefused() {
    Config next = withIdemixGroup(g -> g.putValues("AnchorPeers", ConfigValue.newBuilder()
        .setModPolicy("Admins").setValue(AnchorPeers.newBuilder().addAnchorPeers(AnchorPeer
            .newBuilder().setHost("peer0.idemix").setPort(9051)).build().toByteString()).build()));
    UpdateReport byAdmin = check(next, admin);
    assertThat(byAdmin.accepted()).as(String.valueOf(byAdmin.failure())).isTrue();
    assertThat(byAdmin.locksOut()).isFalse();
    UpdateReport byMember = check(next, member);
    assertThat(byMember.accepted()).isFalse();
    assertThat(byMember.stage()).isEqualTo(UpdateReport.Stage.AUTHORIZATION);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  @Tag("IDEMIX-IPK-01")
  void aNewIdemixMspMustSetUp() throws Exception {
    MSPConfig current = IdemixMspFolders.read(idemix.verifier(), IDEMIX);
    IdemixMSPConfig broken = IdemixMSPConfig.parseFrom(current.getConfig()).toBuilder()
        .setIpk(ByteString.copyFrom(new byte[] {1, 2, 3})).build();
    UpdateReport r = check(withIdemixMsp(current.toBuilder().setConfig(broken.toByteString()).build()),
        admin);
    assertThat(r.accepted()).isFalse();
    assertThat(r.stage()).isEqualTo(UpdateReport.Stage.NEW_CONFIG);
    assertThat(r.failure().orElseThrow().getMessage()).contains("IDEMIX-");
  }

  @Test
  @Tag("CHANNEL-MSP-10")
  void anotherIssuerKeyLocksTheIdemixAdminsOutAndTheGuardSaysSo() {
    UpdateReport r = check(withIdemixMsp(IdemixMspFolders.read(otherIssuer.verifier(), IDEMIX)), admin);
    assertThat(r.accepted()).as("Fabric accepts it").isTrue();
    assertThat(r.lockouts()).singleElement().satisfies(l ->
        assertThat(l.toString()).contains("IdemixOrg"));
    assertThat(r.changes()).extracting(MspChange::kind)
        .containsExactly(MspChange.Kind.IDEMIX_ISSUER_KEY_CHANGED, MspChange.Kind.IDEMIX_REVOCATION_KEY_CHANGED);
  }

  @Test
  @Tag("IDEMIX-VER-01")
  @Tag("CHANNEL-MSP-04")
  void theSameChannelAtV3_0IsRefused() {
    Config v3 = ConfigFixture.builder()
        .applicationOrg("IdemixOrg", IdemixMspFolders.read(idemix.verifier(), IDEMIX))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(ThreeOrgTree.generate("IdemixUpdateTest v3",
            tmp.resolve("v3")).org("example.com"), "OrdererMSP"))
        .build();
    org.junit.jupiter.api.Assertions.assertThrows(io.msp4j.channel.ChannelConfigException.class,
        () -> Channel.load(ConfigFixture.block(CHANNEL, v3)));
  }
}
