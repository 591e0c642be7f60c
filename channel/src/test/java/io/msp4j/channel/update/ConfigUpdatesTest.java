package io.msp4j.channel.update;

import static io.msp4j.channel.update.TestConfigs.CHANNEL;
import static io.msp4j.channel.update.TestConfigs.current;
import static io.msp4j.channel.update.TestConfigs.value;
import static io.msp4j.channel.update.TestConfigs.withOrg1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.core.Identity;
import io.msp4j.core.Reason;
import io.msp4j.core.SigningIdentity;
import io.msp4j.testdata.cryptogen.CryptoTree;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.x509.X509Msp;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.peer.ACLs;
import org.hyperledger.fabric.protos.peer.APIResource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigUpdatesTest {
  @TempDir static Path tmp;
  static GeneratedOrg org1;
  static X509Msp org1Msp;
  static SigningIdentity admin;
  static SigningIdentity user;
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2025-03-04T05:06:07.891Z"), ZoneOffset.UTC);

  @BeforeAll
  static void generate() {
    org1 = CryptoTree.fromYaml("""
        Seed: ConfigUpdatesTest
        Now: 2024-06-01T00:00:00Z
        PeerOrgs:
          - Name: Org1
            Domain: org1.example.com
            EnableNodeOUs: true
            Template: {Count: 1}
            Users: {Count: 1}
        """).generate(tmp).org("org1.example.com");
    org1Msp = LocalSigners.channelMsp(org1.mspDir(), "Org1MSP");
    admin = LocalSigners.of(org1.admin().mspDir(), "Org1MSP");
    user = LocalSigners.of(org1.identity("User1").mspDir(), "Org1MSP");
  }

  private static ConfigUpdate anUpdate() {
    Config c = current();
    return ConfigUpdates.compute(c,
        withOrg1(c, g -> g.toBuilder().putValues("MSP", value(0, "x")).build()), CHANNEL);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-10")
  void computedUpdateAppliedToTheCurrentConfigGivesTheNewConfig() {
    Config c = current();
    ConfigGroup app = c.getChannelGroup().getGroupsOrThrow("Application");
    Config next = c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder()
        .putGroups("Application", app.toBuilder()
            .removeGroups("Org2")
            .putGroups("Org3", TestConfigs.org("org3-admin"))
            .putGroups("Org1", app.getGroupsOrThrow("Org1").toBuilder()
                .putPolicies("Writers", TestConfigs.policy("org1-admin"))
                .putValues("MSP", value(0, "changed")).build())
            .build())).build();
    ConfigUpdate u = ConfigUpdates.compute(c, next, CHANNEL);
    assertThat(u.getChannelId()).isEqualTo(CHANNEL);
    UpdateCheck check = ConfigUpdateValidator.of(CHANNEL, c).check(
        ConfigUpdateValidatorTest.signed(u, "app-admin", "org1-admin"), new TestPolicies(c));
    ConfigGroup result = check.proposedOrThrow().getConfig().getChannelGroup();
    ConfigGroup resultApp = result.getGroupsOrThrow("Application");
    assertThat(resultApp.getGroupsMap()).containsOnlyKeys("Org1", "Org3");
    assertThat(resultApp.getVersion()).isEqualTo(2);
    assertThat(resultApp.getGroupsOrThrow("Org3").getVersion()).isZero();
    assertThat(resultApp.getGroupsOrThrow("Org1").getValuesOrThrow("MSP").getValue())
        .isEqualTo(TestConfigs.bytes("changed"));
    assertThat(resultApp.getGroupsOrThrow("Org1").getVersion()).isEqualTo(1);
    assertThat(result.getGroupsOrThrow("Orderer"))
        .isEqualTo(c.getChannelGroup().getGroupsOrThrow("Orderer"));
  }

  @Test
  @Tag("CONFIGTX-UPDATE-07")
  void identicalConfigsHaveNoUpdate() {
    ConfigUpdateException e = assertThrows(ConfigUpdateException.class,
        () -> ConfigUpdates.compute(current(), current(), CHANNEL));
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_UNCHANGED);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-07")
  void onlyChangedChildrenOfAnUnbumpedGroupAreWritten() {
    ConfigUpdate u = anUpdate();
    // Application and Org1 keep their versions; only the MSP value is written (0 -> 1).
    ConfigGroup app = u.getWriteSet().getGroupsOrThrow("Application");
    assertThat(app.getVersion()).isEqualTo(1);
    assertThat(app.getGroupsMap()).containsOnlyKeys("Org1");
    assertThat(app.getGroupsOrThrow("Org1").getValuesMap()).containsOnlyKeys("MSP");
    assertThat(app.getGroupsOrThrow("Org1").getValuesOrThrow("MSP").getVersion()).isEqualTo(1);
    assertThat(app.getGroupsOrThrow("Org1").getPoliciesMap()).isEmpty();
  }

  /** An ACLs value whose map entries are encoded in the order given. */
  private static ConfigValue acls(String... resources) {
    ACLs.Builder b = ACLs.newBuilder();
    for (String r : resources) {
      b.putAcls(r, APIResource.newBuilder().setPolicyRef("/Channel/Application/Writers").build());
    }
    return ConfigValue.newBuilder().setModPolicy("Admins").setValue(b.build().toByteString())
        .build();
  }

  private static Config withAppAcls(Config c, ConfigValue acls) {
    ConfigGroup app = c.getChannelGroup().getGroupsOrThrow("Application");
    return c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder().putGroups("Application",
        app.toBuilder().putValues("ACLs", acls).build())).build();
  }

  @Test
  @Tag("CONFIGTX-UPDATE-07")
  void valueEncodedDifferentlyButEqualAsAMessageIsLeftOutOfTheWriteSet() {
    ConfigValue configtxgen = acls("peer/Propose", "qscc/GetChainInfo", "event/Block");
    ConfigValue configtxlator = acls("event/Block", "peer/Propose", "qscc/GetChainInfo");
    assertThat(configtxgen.getValue()).isNotEqualTo(configtxlator.getValue());
    Config c = withAppAcls(current(), configtxgen);
    Config next = withOrg1(withAppAcls(c, configtxlator),
        g -> g.toBuilder().putValues("MSP", value(0, "changed")).build());

    ConfigUpdate u = ConfigUpdates.compute(c, next, CHANNEL);

    ConfigGroup app = u.getWriteSet().getGroupsOrThrow("Application");
    assertThat(app.getValuesMap()).doesNotContainKey("ACLs");
    assertThat(app.getGroupsOrThrow("Org1").getValuesMap()).containsOnlyKeys("MSP");
    assertThat(u.getReadSet().getGroupsOrThrow("Application").getValuesMap())
        .doesNotContainKey("ACLs");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-07")
  void configsThatDifferOnlyInEncodingHaveNoUpdateAndTheMessageSaysWhere() {
    Config c = withAppAcls(current(), acls("peer/Propose", "event/Block"));
    Config next = withAppAcls(c, acls("event/Block", "peer/Propose"));
    ConfigUpdateException e = assertThrows(ConfigUpdateException.class,
        () -> ConfigUpdates.compute(c, next, CHANNEL));
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_UNCHANGED);
    assertThat(e.getMessage()).contains("/Channel/Application/ACLs");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-07")
  void valueOfAnUnknownKeyIsComparedByItsBytes() {
    Config c = current();
    ConfigGroup root = c.getChannelGroup();
    ConfigValue a = acls("peer/Propose", "event/Block");
    ConfigValue b = acls("event/Block", "peer/Propose");
    Config before = c.toBuilder().setChannelGroup(root.toBuilder().putValues("Custom", a)).build();
    Config after = c.toBuilder().setChannelGroup(root.toBuilder().putValues("Custom", b)).build();
    ConfigUpdate u = ConfigUpdates.compute(before, after, CHANNEL);
    assertThat(u.getWriteSet().getValuesOrThrow("Custom").getValue()).isEqualTo(b.getValue());
  }

  @Test
  @Tag("CONFIGTX-UPDATE-01")
  void unsignedEnvelopeCarriesOnlyTypeAndChannelAndDecodesBack() throws Exception {
    Envelope env = ConfigUpdates.envelope(anUpdate());
    Payload p = Payload.parseFrom(env.getPayload());
    ChannelHeader ch = ChannelHeader.parseFrom(p.getHeader().getChannelHeader());
    assertThat(ch.getType()).isEqualTo(HeaderType.CONFIG_UPDATE_VALUE);
    assertThat(ch.getChannelId()).isEqualTo(CHANNEL);
    assertThat(ch.hasTimestamp()).isFalse();
    assertThat(p.getHeader().getSignatureHeader()).isEmpty();
    assertThat(env.getSignature()).isEmpty();
    ConfigUpdateRequest r = ConfigUpdateRequest.parse(env.toByteArray());
    assertThat(r.update()).isEqualTo(anUpdate());
    assertThat(r.signatures()).isEmpty();
  }

  @Test
  @Tag("CONFIGTX-UPDATE-03")
  void signatureVerifiesOverHeaderAndUpdateWithTheSignersIdentity() throws Exception {
    Envelope signed = ConfigUpdates.sign(
        ConfigUpdateRequest.parse(ConfigUpdates.envelope(anUpdate()).toByteArray()), admin,
        new SecureRandom(), CLOCK);
    ConfigUpdateRequest r = ConfigUpdateRequest.parse(signed.toByteArray());
    List<UpdateSignature> sigs = r.signatures();
    assertThat(sigs).hasSize(1);
    SignatureHeader sh = SignatureHeader.parseFrom(
        r.updateEnvelope().getSignatures(0).getSignatureHeader());
    assertThat(sh.getNonce().size()).isEqualTo(24);
    assertThat(sh.getCreator().toByteArray()).isEqualTo(admin.serialize());
    Identity id = org1Msp.deserialize(sigs.get(0).identity());
    id.verify(sigs.get(0).data(), sigs.get(0).signature());
  }

  @Test
  @Tag("CONFIGTX-UPDATE-04")
  void signedEnvelopeIsSignedBySubmitterWithAHeaderLikeThePeerCommandWrites() throws Exception {
    Envelope signed = ConfigUpdates.sign(
        ConfigUpdateRequest.parse(ConfigUpdates.envelope(anUpdate()).toByteArray()), admin,
        new SecureRandom(), CLOCK);
    Payload p = Payload.parseFrom(signed.getPayload());
    ChannelHeader ch = ChannelHeader.parseFrom(p.getHeader().getChannelHeader());
    assertThat(ch.getType()).isEqualTo(HeaderType.CONFIG_UPDATE_VALUE);
    assertThat(ch.getChannelId()).isEqualTo(CHANNEL);
    assertThat(ch.getTimestamp().getSeconds()).isEqualTo(CLOCK.instant().getEpochSecond());
    assertThat(ch.getTimestamp().getNanos()).isZero();
    SignatureHeader sh = SignatureHeader.parseFrom(p.getHeader().getSignatureHeader());
    Identity id = org1Msp.deserialize(sh.getCreator().toByteArray());
    id.verify(signed.getPayload().toByteArray(), signed.getSignature().toByteArray());
  }

  @Test
  @Tag("CONFIGTX-UPDATE-03")
  void coSigningAppendsAndKeepsEarlierSignaturesByteForByte() {
    Envelope first = ConfigUpdates.sign(
        ConfigUpdateRequest.parse(ConfigUpdates.envelope(anUpdate()).toByteArray()), user,
        new SecureRandom(), CLOCK);
    Envelope second = ConfigUpdates.sign(ConfigUpdateRequest.parse(first.toByteArray()), admin,
        new SecureRandom(), CLOCK);
    ConfigUpdateRequest r1 = ConfigUpdateRequest.parse(first.toByteArray());
    ConfigUpdateRequest r2 = ConfigUpdateRequest.parse(second.toByteArray());
    assertThat(r2.updateEnvelope().getSignaturesList()).hasSize(2);
    assertThat(r2.updateEnvelope().getSignatures(0)).isEqualTo(
        r1.updateEnvelope().getSignatures(0));
    assertThat(r2.updateEnvelope().getConfigUpdate())
        .isEqualTo(r1.updateEnvelope().getConfigUpdate());
    for (UpdateSignature s : r2.signatures()) {
      org1Msp.deserialize(s.identity()).verify(s.data(), s.signature());
    }
  }

  @Test
  @Tag("CONFIGTX-UPDATE-01")
  void truncatedEnvelopeIsRejectedWithADecodingError() {
    byte[] full = ConfigUpdates.envelope(anUpdate()).toByteArray();
    byte[] cut = java.util.Arrays.copyOf(full, full.length - 7);
    ConfigUpdateException e =
        assertThrows(ConfigUpdateException.class, () -> ConfigUpdateRequest.parse(cut));
    assertThat(e.reason()).isEqualTo(Reason.UPDATE_MALFORMED);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-01");
    assertThat(e.getMessage()).contains("neither a common.Envelope nor a ConfigUpdateEnvelope");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-01")
  void envelopeOfAnotherTypeIsRejected() {
    Envelope env = ConfigUpdates.envelope(anUpdate());
    Payload p = Payload.newBuilder().mergeFrom(parsePayload(env))
        .setHeader(parsePayload(env).getHeader().toBuilder().setChannelHeader(
            ChannelHeader.newBuilder().setType(HeaderType.ENDORSER_TRANSACTION_VALUE)
                .setChannelId(CHANNEL).build().toByteString()))
        .build();
    byte[] bytes = env.toBuilder().setPayload(p.toByteString()).build().toByteArray();
    ConfigUpdateException e =
        assertThrows(ConfigUpdateException.class, () -> ConfigUpdateRequest.parse(bytes));
    assertThat(e.reason()).isEqualTo(Reason.UPDATE_WRONG_TYPE);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-01");
    assertThat(e.getMessage()).contains("ENDORSER_TRANSACTION", "not CONFIG_UPDATE");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-01")
  void bareConfigUpdateEnvelopeIsAccepted() {
    ConfigUpdateRequest r = ConfigUpdateRequest.parse(
        ConfigUpdateValidatorTest.signed(anUpdate(), "x").updateEnvelope().toByteArray());
    assertThat(r.envelope()).isEmpty();
    assertThat(r.update()).isEqualTo(anUpdate());
    assertThat(r.signatures()).hasSize(1);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-01")
  void undecodablePayloadDataIsRejected() {
    Envelope env = ConfigUpdates.envelope(anUpdate());
    Payload p = parsePayload(env).toBuilder()
        .setData(com.google.protobuf.ByteString.copyFrom(new byte[] {0x0a, 0x55})).build();
    ConfigUpdateException e = assertThrows(ConfigUpdateException.class,
        () -> ConfigUpdateRequest.fromEnvelope(env.toBuilder().setPayload(p.toByteString())
            .build()));
    assertThat(e.reason()).isEqualTo(Reason.UPDATE_MALFORMED);
    assertThat(e.getMessage()).contains("ConfigUpdateEnvelope does not decode");
  }

  private static Payload parsePayload(Envelope env) {
    try {
      return Payload.parseFrom(env.getPayload());
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }
}
