package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.Identity;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.PolicyResult;
import io.msp4j.core.policy.SignedData;
import io.msp4j.testdata.cryptogen.GeneratedIdentity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The policy tree of a channel (spec 10.4, POLICY-MGR-01..04). */
class ChannelPolicyTest {
  @TempDir static Path tmp;
  static TestOrgs orgs;
  static Channel channel;

  @BeforeAll
  static void generate() {
    orgs = new TestOrgs(tmp);
    channel = Channel.load(orgs.standard().build());
  }

  private static byte[] serialized(String mspId, GeneratedIdentity id) {
    try {
      return SerializedIdentity.newBuilder().setMspid(mspId)
          .setIdBytes(ByteString.copyFrom(Files.readAllBytes(id.signCertFile()))).build().toByteArray();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Identity id(Channel c, String mspId, GeneratedIdentity id) {
    return c.mspManager().deserialize(serialized(mspId, id));
  }

  private static boolean satisfied(Channel c, String path, Identity... signers) {
    PolicyLookup l = c.policy(path);
    assertThat(l.found()).as(path).isTrue();
    return l.policy().evaluateIdentities(List.of(signers)).satisfied();
  }

  private static Config withPolicy(String[] group, String name, UnaryOperator<ConfigPolicy> change) {
    Config config = orgs.standard().build();
    Config.Builder b = config.toBuilder();
    b.setChannelGroup(edit(config.getChannelGroup(), group, 0, g -> {
      ConfigPolicy p = g.getPoliciesOrDefault(name, ConfigPolicy.getDefaultInstance());
      return g.toBuilder().putPolicies(name, change.apply(p)).build();
    }));
    return b.build();
  }

  private static ConfigGroup edit(ConfigGroup g, String[] path, int i, UnaryOperator<ConfigGroup> f) {
    if (i == path.length) {
      return f.apply(g);
    }
    return g.toBuilder().putGroups(path[i], edit(g.getGroupsOrThrow(path[i]), path, i + 1, f)).build();
  }

  @Test
  @Tag("POLICY-MGR-01")
  void everyGroupHasAManagerHoldingItsOwnAndItsDescendantsPolicies() {
    PolicyManager root = channel.policies();
    assertThat(root.path()).isEqualTo("Channel");
    assertThat(root.policies()).containsKeys("Readers", "Writers", "Admins", "Application/Endorsement",
        "Application/Org1/Admins", "Application/Org2/Endorsement", "Orderer/BlockValidation",
        "Orderer/OrdererOrg/Writers");
    PolicyManager app = root.manager("Application").orElseThrow();
    assertThat(app.path()).isEqualTo("Channel/Application");
    assertThat(app.policies()).containsKeys("Admins", "Org1/Admins", "Org2/Readers").doesNotContainKey("Readers/Org1");
    PolicyManager org1 = root.manager("Application", "Org1").orElseThrow();
    assertThat(org1.path()).isEqualTo("Channel/Application/Org1");
    assertThat(org1.policies()).containsOnlyKeys("Admins", "Readers", "Writers", "Endorsement");
    assertThat(org1.children()).isEmpty();
    assertThat(root.manager("Application", "Org9")).isEmpty();
    // The same compiled policy is reached from every manager above it.
    assertThat(app.policies().get("Org1/Admins")).isSameAs(root.policies().get("Application/Org1/Admins"))
        .isSameAs(org1.policies().get("Admins"));
  }

  @Test
  @Tag("POLICY-MGR-02")
  void absoluteNamesMustStartWithTheManagersPathAndRelativeNamesAreLookedUpBelowIt() {
    PolicyManager app = channel.policies().manager("Application").orElseThrow();
    assertThat(channel.policy("/Channel/Application/Org1/Admins").found()).isTrue();
    assertThat(channel.policy("/Channel/Application/Org1/Admins").path()).isEqualTo("/Channel/Application/Org1/Admins");
    assertThat(channel.policy("Application/Org1/Admins").found()).isTrue();
    assertThat(app.lookup("Org1/Admins").path()).isEqualTo("/Channel/Application/Org1/Admins");
    assertThat(app.lookup("/Channel/Application/Org1/Admins").found()).isTrue();
    // An absolute name from a sub-manager must carry that manager's path.
    assertThat(app.lookup("/Channel/Orderer/Admins").found()).isFalse();
    assertThat(app.lookup("/Channel/Admins").found()).isFalse();
    assertThat(channel.policy("/channel/Admins").found()).isFalse();
    assertThat(channel.policy("").found()).isFalse();
    assertThat(channel.policy("Org1/Admins").found()).isFalse();
    // The prefix is plain text followed by any one character, as in Fabric.
    assertThat(channel.policy("/ChannelXApplication/Readers").found()).isTrue();
    assertThat(channel.policy("/Channel.Admins").found()).isTrue();
  }

  @Test
  @Tag("POLICY-MGR-02")
  void aPolicyNotFoundIsNeverSatisfied() {
    Identity admin = id(channel, "Org1MSP", orgs.org1.admin());
    PolicyLookup missing = channel.policy("/Channel/Application/Org1/Nope");
    assertThat(missing.found()).isFalse();
    PolicyResult r = missing.policy().evaluateIdentities(List.of(admin));
    assertThat(r.satisfied()).isFalse();
    assertThat(r.rule()).isEqualTo("POLICY-MGR-02");
    assertThat(r.reason()).contains("Application/Org1/Nope");
    assertThat(missing.policy().evaluate(List.of(SignedData.of(new byte[] {1}, serialized("Org1MSP", orgs.org1.admin()), new byte[] {2})))
        .satisfied()).isFalse();
  }

  @Test
  @Tag("POLICY-MGR-04")
  void aGroupPathIsNotAPolicy() {
    for (String name : new String[] {"/Channel", "/Channel/", "/Channel/Application", "Application", "/Channel/Application/Org1"}) {
      PolicyLookup l = channel.policy(name);
      assertThat(l.found()).as(name).isFalse();
      assertThat(l.policy().evaluateIdentities(List.of()).satisfied()).isFalse();
    }
    assertThat(channel.policies().manager("Application").orElseThrow().lookup("/Channel/Application").found()).isFalse();
  }

  @Test
  @Tag("POLICY-MGR-03")
  void configPoliciesWithoutAPolicyOrOfAnUnsupportedTypeRejectTheConfig() {
    String[] org1 = {"Application", "Org1"};
    for (int type : new int[] {0, 2, 7}) {
      ChannelConfigException e = assertThrows(ChannelConfigException.class, () -> Channel.load(
          withPolicy(org1, "Admins", p -> p.toBuilder().setPolicy(Policy.newBuilder().setType(type)).build())));
      assertThat(e.reason()).isEqualTo(Reason.POLICY_INVALID);
      assertThat(e.rule()).isEqualTo("POLICY-MGR-03");
      assertThat(e.path()).isEqualTo("/Channel/Application/Org1/Admins");
      assertThat(e.getMessage()).contains("unsupported policy type " + type);
    }
    ChannelConfigException nil = assertThrows(ChannelConfigException.class, () -> Channel.load(
        withPolicy(new String[] {"Orderer"}, "Admins", p -> p.toBuilder().clearPolicy().build())));
    assertThat(nil.rule()).isEqualTo("POLICY-MGR-03");
    assertThat(nil.path()).isEqualTo("/Channel/Orderer/Admins");
    ChannelConfigException meta = assertThrows(ChannelConfigException.class, () -> Channel.load(
        withPolicy(new String[] {}, "Admins", p -> p.toBuilder().setPolicy(p.getPolicy().toBuilder()
            .setValue(ByteString.copyFrom(new byte[] {0x12, 0x7f}))).build())));
    assertThat(meta.path()).isEqualTo("/Channel/Admins");
    assertThat(meta.reason()).isEqualTo(Reason.POLICY_INVALID);
  }

  @Test
  @Tag("POLICY-SIG-01")
  void signaturePoliciesThatDoNotCompileRejectTheConfigNamingThePolicy() {
    String[] org2 = {"Application", "Org2"};
    SignaturePolicyEnvelope badIndex = SignaturePolicyEnvelope.newBuilder()
        .setRule(SignaturePolicy.newBuilder().setSignedBy(3)).build();
    for (ByteString value : new ByteString[] {
        SignaturePolicyEnvelope.newBuilder().setVersion(1).build().toByteString(),
        badIndex.toByteString(),
        SignaturePolicyEnvelope.getDefaultInstance().toByteString(),
        ByteString.copyFrom(new byte[] {0x12, 0x7f})}) {
      ChannelConfigException e = assertThrows(ChannelConfigException.class, () -> Channel.load(
          withPolicy(org2, "Writers", p -> p.toBuilder().setPolicy(p.getPolicy().toBuilder().setValue(value)).build())));
      assertThat(e.reason()).isEqualTo(Reason.POLICY_INVALID);
      assertThat(e.rule()).isEqualTo("POLICY-SIG-01");
      assertThat(e.path()).isEqualTo("/Channel/Application/Org2/Writers");
    }
  }

  @Test
  @Tag("POLICY-MGR-01")
  @Tag("POLICY-IMETA-02")
  void implicitMetaPoliciesCountTheImmediateChildGroups() {
    Identity peer1 = id(channel, "Org1MSP", orgs.org1.identity("peer0"));
    Identity peer2 = id(channel, "Org2MSP", orgs.org2.identity("peer0"));
    Identity admin1 = id(channel, "Org1MSP", orgs.org1.admin());
    Identity admin2 = id(channel, "Org2MSP", orgs.org2.admin());
    Identity ordererAdmin = id(channel, "OrdererMSP", orgs.orderer.admin());
    // MAJORITY Endorsement over Org1 and Org2: both peers needed.
    assertThat(satisfied(channel, "/Channel/Application/Endorsement", peer1)).isFalse();
    assertThat(satisfied(channel, "/Channel/Application/Endorsement", peer1, peer2)).isTrue();
    // /Channel/Admins is MAJORITY Admins over Application and Orderer, not over the orgs.
    assertThat(satisfied(channel, "/Channel/Application/Admins", admin1, admin2)).isTrue();
    assertThat(satisfied(channel, "/Channel/Admins", admin1, admin2)).isFalse();
    assertThat(satisfied(channel, "/Channel/Admins", admin1, admin2, ordererAdmin)).isTrue();
    // ANY Readers at the root: one reader of one org of one child group suffices.
    assertThat(satisfied(channel, "/Channel/Readers", peer2)).isTrue();
  }

  @Test
  @Tag("POLICY-IMETA-02")
  void aChildGroupWithoutTheSubPolicyCountsAsNotSatisfied() {
    ConfigGroup org2 = orgs.standard().build().getChannelGroup().getGroupsOrThrow("Application")
        .getGroupsOrThrow("Org2").toBuilder().removePolicies("Endorsement").build();
    Channel c = Channel.load(orgs.standard().applicationOrgGroup("Org2", org2).build());
    Identity peer1 = id(c, "Org1MSP", orgs.org1.identity("peer0"));
    Identity peer2 = id(c, "Org2MSP", orgs.org2.identity("peer0"));
    PolicyResult r = c.policy("/Channel/Application/Endorsement").policy().evaluateIdentities(List.of(peer1, peer2));
    assertThat(r.satisfied()).isFalse();
    assertThat(r.explanation().toText()).contains("Org2/Endorsement");
  }

  @Test
  @Tag("POLICY-IMETA-02")
  void anApplicationGroupWithoutOrgsSatisfiesItsImplicitMetaPoliciesForAnybody() {
    Channel c = Channel.load(ConfigFixture.builder().ordererOrg("OrdererOrg", orgs.ordererMsp).build());
    assertThat(c.policy("/Channel/Application/Admins").policy().evaluateIdentities(List.of()).satisfied()).isTrue();
    assertThat(c.policy("/Channel/Orderer/Admins").policy().evaluateIdentities(List.of()).satisfied()).isFalse();
  }

  @Test
  @Tag("POLICY-SIG-02")
  void signedDataIsEvaluatedThroughTheChannelMsps() throws Exception {
    byte[] message = "proposal".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    GeneratedIdentity admin = orgs.org1.admin();
    byte[] sig = ConfigFixture.sign(admin, "Org1MSP", message);
    PolicyLookup admins = channel.policy("/Channel/Application/Org1/Admins");
    assertThat(admins.policy().evaluate(List.of(SignedData.of(message, serialized("Org1MSP", admin), sig))).satisfied()).isTrue();
    byte[] other = "other".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(admins.policy().evaluate(List.of(SignedData.of(other, serialized("Org1MSP", admin), sig))).satisfied()).isFalse();
  }
}
