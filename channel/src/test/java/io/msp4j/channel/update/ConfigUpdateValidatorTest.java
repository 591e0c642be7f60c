package io.msp4j.channel.update;

import static io.msp4j.channel.update.TestConfigs.CHANNEL;
import static io.msp4j.channel.update.TestConfigs.bytes;
import static io.msp4j.channel.update.TestConfigs.current;
import static io.msp4j.channel.update.TestConfigs.value;
import static io.msp4j.channel.update.TestConfigs.withOrg1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.channel.update.ElementDecision.Status;
import io.msp4j.core.Reason;
import java.util.List;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigSignature;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.ConfigUpdateEnvelope;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class ConfigUpdateValidatorTest {
  private final Config config = current();
  private final ConfigUpdateValidator validator = ConfigUpdateValidator.of(CHANNEL, config);
  private final TestPolicies policies = new TestPolicies(config);

  /** A bare update envelope signed (in the test policies' sense) by each creator. */
  static ConfigUpdateRequest signed(ConfigUpdate update, String... creators) {
    ByteString raw = update.toByteString();
    ConfigUpdateEnvelope.Builder b = ConfigUpdateEnvelope.newBuilder().setConfigUpdate(raw);
    for (String c : creators) {
      b.addSignatures(ConfigSignature.newBuilder()
          .setSignatureHeader(SignatureHeader.newBuilder()
              .setCreator(bytes(c)).setNonce(bytes("nonce")).build().toByteString())
          .setSignature(bytes("sig")));
    }
    return ConfigUpdateRequest.fromConfigUpdateEnvelope(b.build());
  }

  /** An update changing Org1's MSP value (version 0 -> 1). */
  private ConfigUpdate org1MspUpdate() {
    Config next = withOrg1(config, g -> g.toBuilder().putValues("MSP", value(0, "new-msp")).build());
    return ConfigUpdates.compute(config, next, CHANNEL);
  }

  private UpdateCheck check(ConfigUpdate update, String... creators) {
    return validator.check(signed(update, creators), policies);
  }

  private static ConfigUpdateException failure(UpdateCheck c) {
    assertThat(c.accepted()).isFalse();
    return c.failure().orElseThrow();
  }

  @Test
  @Tag("CONFIGTX-UPDATE-08")
  void valueChangeSignedByTheOrgAdminIsAccepted() {
    UpdateCheck c = check(org1MspUpdate(), "org1-admin");
    assertThat(c.accepted()).isTrue();
    assertThat(c.decisions()).singleElement().satisfies(d -> {
      assertThat(d.ref().toString()).isEqualTo("value /Channel/Application/Org1/MSP");
      assertThat(d.status()).isEqualTo(Status.SATISFIED);
      assertThat(d.outcome().orElseThrow().policyPath())
          .isEqualTo("/Channel/Application/Org1/Admins");
    });
  }

  @Test
  @Tag("CONFIGTX-UPDATE-08")
  void valueChangeSignedBySomeoneElseIsRejectedNamingThePolicy() {
    ConfigUpdateException e = failure(check(org1MspUpdate(), "org2-admin"));
    assertThat(e.reason()).isEqualTo(Reason.MOD_POLICY_NOT_SATISFIED);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-08");
    assertThat(e.getMessage()).contains("/Channel/Application/Org1/Admins",
        "value /Channel/Application/Org1/MSP", "org1-admin");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-02")
  void updateForAnotherChannelIsRejected() {
    ConfigUpdate u = org1MspUpdate().toBuilder().setChannelId("otherchannel").build();
    ConfigUpdateException e = failure(check(u, "org1-admin"));
    assertThat(e.reason()).isEqualTo(Reason.UPDATE_WRONG_CHANNEL);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-02");
    assertThat(e.getMessage()).contains("otherchannel", CHANNEL);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-03")
  void signedDataIsTheHeaderFollowedByTheRawUpdate() {
    ConfigUpdate u = org1MspUpdate();
    ConfigUpdateRequest r = signed(u, "org1-admin", "org2-admin");
    List<UpdateSignature> s = r.signatures();
    assertThat(s).hasSize(2);
    ConfigSignature cs = r.updateEnvelope().getSignatures(1);
    assertThat(s.get(1).index()).isEqualTo(1);
    assertThat(s.get(1).data())
        .isEqualTo(cs.getSignatureHeader().concat(u.toByteString()).toByteArray());
    assertThat(s.get(1).identity()).isEqualTo(bytes("org2-admin").toByteArray());
    assertThat(s.get(1).signature()).isEqualTo(bytes("sig").toByteArray());
  }

  @Test
  @Tag("CONFIGTX-UPDATE-03")
  void undecodableSignatureHeaderRejectsTheWholeUpdate() {
    ConfigUpdate u = org1MspUpdate();
    ConfigUpdateEnvelope env = signed(u, "org1-admin").updateEnvelope().toBuilder()
        .addSignatures(ConfigSignature.newBuilder()
            .setSignatureHeader(ByteString.copyFrom(new byte[] {0x0a, 0x7f, 0x01})))
        .build();
    ConfigUpdateException e = failure(
        validator.check(ConfigUpdateRequest.fromConfigUpdateEnvelope(env), policies));
    assertThat(e.reason()).isEqualTo(Reason.SIGNATURE_HEADER_MALFORMED);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-03");
    assertThat(e.getMessage()).contains("signature 1");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-05")
  void badKeyInTheWriteSetIsRejected() {
    ConfigUpdate u = org1MspUpdate();
    ConfigGroup ws = u.getWriteSet();
    ConfigGroup app = ws.getGroupsOrThrow("Application");
    ConfigGroup org1 = app.getGroupsOrThrow("Org1").toBuilder()
        .putValues("bad_key", value(0, "x")).build();
    ConfigUpdate bad = u.toBuilder().setWriteSet(ws.toBuilder()
        .putGroups("Application", app.toBuilder().putGroups("Org1", org1).build())).build();
    ConfigUpdateException e = failure(check(bad, "org1-admin"));
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_KEY_INVALID);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-05");
    assertThat(e.getMessage()).contains("write set", "/Channel/Application/Org1/bad_key");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-05")
  void channelIdMustBeLowerCaseLetterFirst() {
    for (String bad : List.of("", "MyChannel", "1chan", "my_channel", "a".repeat(250))) {
      ConfigUpdateException e =
          assertThrows(ConfigUpdateException.class, () -> ConfigUpdateValidator.of(bad, config));
      assertThat(e.reason()).isEqualTo(Reason.CHANNEL_ID_INVALID);
      assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-05");
    }
    assertThat(ConfigUpdateValidator.of("a.b-c9" + "x".repeat(243), config).channelId())
        .hasSize(249);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-06")
  void readSetAtAnOlderVersionIsRejected() {
    ConfigUpdate u = org1MspUpdate();
    ConfigGroup rs = u.getReadSet().toBuilder().setVersion(7).build();
    ConfigUpdateException e = failure(check(u.toBuilder().setReadSet(rs).build(), "org1-admin"));
    assertThat(e.reason()).isEqualTo(Reason.READ_SET_MISMATCH);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-06");
    assertThat(e.getMessage()).contains("group /Channel", "version 7", "version 0");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-06")
  void readSetNamingAnAbsentElementIsRejected() {
    ConfigUpdate u = org1MspUpdate();
    ConfigGroup rs = u.getReadSet().toBuilder().putValues("Nope", ConfigValue.getDefaultInstance())
        .build();
    ConfigUpdateException e = failure(check(u.toBuilder().setReadSet(rs).build(), "org1-admin"));
    assertThat(e.reason()).isEqualTo(Reason.READ_SET_MISMATCH);
    assertThat(e.getMessage()).contains("value /Channel/Nope");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-07")
  void writeSetElementAtItsReadSetVersionIsIgnoredEvenWhenItsContentDiffers() {
    // Same version in both sets: not part of the delta, so no change and no policy.
    ConfigGroup rs = ConfigGroup.newBuilder().putValues("HashingAlgorithm", value(0, "")).build();
    ConfigGroup ws = ConfigGroup.newBuilder()
        .putValues("HashingAlgorithm", value(0, "SHA3")).build();
    ConfigUpdate u = ConfigUpdate.newBuilder().setChannelId(CHANNEL).setReadSet(rs)
        .setWriteSet(ws).build();
    ConfigUpdateException e = failure(check(u));
    assertThat(e.reason()).isEqualTo(Reason.DELTA_EMPTY);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-07");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-08")
  void malformedWrittenModPolicyIsRejected() {
    for (String bad : List.of("", "/", "a//b", "Admins/", "Ad mins", "/Channel/..")) {
      ConfigUpdate u = org1MspUpdate();
      ConfigUpdate bent = bendOrg1Msp(u, v -> v.toBuilder().setModPolicy(bad).build());
      ConfigUpdateException e = failure(check(bent, "org1-admin"));
      assertThat(e.reason()).as(bad).isEqualTo(Reason.MOD_POLICY_INVALID);
      assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-08");
    }
    ConfigUpdate ok = bendOrg1Msp(org1MspUpdate(),
        v -> v.toBuilder().setModPolicy("/Channel/Application/Admins").build());
    assertThat(check(ok, "org1-admin").accepted()).isTrue();
  }

  private static ConfigUpdate bendOrg1Msp(
      ConfigUpdate u, java.util.function.UnaryOperator<ConfigValue> f) {
    ConfigGroup ws = u.getWriteSet();
    ConfigGroup app = ws.getGroupsOrThrow("Application");
    ConfigGroup org1 = app.getGroupsOrThrow("Org1");
    ConfigGroup org1b = org1.toBuilder().putValues("MSP", f.apply(org1.getValuesOrThrow("MSP")))
        .build();
    return u.toBuilder().setWriteSet(ws.toBuilder().putGroups("Application",
        app.toBuilder().putGroups("Org1", org1b).build())).build();
  }

  @Test
  @Tag("CONFIGTX-UPDATE-08")
  void existingElementMustBeWrittenAtCurrentVersionPlusOne() {
    ConfigUpdate u = bendOrg1Msp(org1MspUpdate(), v -> v.toBuilder().setVersion(2).build());
    ConfigUpdateException e = failure(check(u, "org1-admin"));
    assertThat(e.reason()).isEqualTo(Reason.VERSION_MISMATCH);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-08");
    assertThat(e.getMessage()).contains("value /Channel/Application/Org1/MSP", "version 1",
        "not 2");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-08")
  void newElementMustBeWrittenAtVersionZeroAndNeedsNoPolicy() {
    Config next = withOrg1(config, g -> g.toBuilder()
        .putValues("AnchorPeers", value(0, "anchors")).build());
    ConfigUpdate u = ConfigUpdates.compute(config, next, CHANNEL);
    // Adding a value bumps Org1 (its membership changes), so Org1's Admins is still needed:
    UpdateCheck signedByAdmin = check(u, "org1-admin");
    assertThat(signedByAdmin.accepted()).isTrue();
    assertThat(signedByAdmin.decisions()).extracting(d -> d.ref().toString() + " " + d.status())
        .containsExactly("group /Channel/Application/Org1 SATISFIED",
            "value /Channel/Application/Org1/AnchorPeers NEW");
    ConfigGroup ws = u.getWriteSet();
    ConfigGroup app = ws.getGroupsOrThrow("Application");
    ConfigGroup org1 = app.getGroupsOrThrow("Org1");
    ConfigUpdate badVersion = u.toBuilder().setWriteSet(ws.toBuilder().putGroups("Application",
        app.toBuilder().putGroups("Org1", org1.toBuilder().putValues("AnchorPeers",
            value(1, "anchors")).build()).build())).build();
    ConfigUpdateException e = failure(check(badVersion, "org1-admin"));
    assertThat(e.reason()).isEqualTo(Reason.VERSION_MISMATCH);
    assertThat(e.getMessage()).contains("does not exist yet", "version 0, not 1");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-09")
  void groupModPolicyIsResolvedInTheGroupsOwnManagerAndValuesInTheEnclosingOne() {
    Config next = withOrg1(config, g -> g.toBuilder()
        .putValues("AnchorPeers", value(0, "anchors"))
        .putValues("MSP", value(0, "new")).build());
    check(ConfigUpdates.compute(config, next, CHANNEL), "org1-admin");
    // Both the group and its value resolve the relative 'Admins' from Org1's manager.
    assertThat(policies.lookups).containsExactly(
        "/Application/Org1 Admins", "/Application/Org1 Admins");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-09")
  void rootGroupAndRootValuesResolveFromTheRootManager() {
    ConfigGroup root = config.getChannelGroup().toBuilder()
        .putValues("HashingAlgorithm", value(0, "SHA3")).putValues("New", value(0, "n")).build();
    Config next = config.toBuilder().setChannelGroup(root).build();
    UpdateCheck c = check(ConfigUpdates.compute(config, next, CHANNEL), "channel-admin");
    assertThat(c.accepted()).isTrue();
    assertThat(policies.lookups).containsExactly("/ Admins", "/ Admins");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-09")
  void absoluteModPolicyIsResolvedFromTheRoot() {
    Config withAbs = withOrg1(config, g -> g.toBuilder().putValues("MSP",
        value(0, "org1-admin-msp").toBuilder().setModPolicy("/Channel/Orderer/Admins").build())
        .build());
    ConfigUpdateValidator v = ConfigUpdateValidator.of(CHANNEL, withAbs);
    TestPolicies p = new TestPolicies(withAbs);
    Config next = withOrg1(withAbs, g -> g.toBuilder().putValues("MSP",
        value(0, "x").toBuilder().setModPolicy("/Channel/Orderer/Admins").build()).build());
    ConfigUpdate u = ConfigUpdates.compute(withAbs, next, CHANNEL);
    assertThat(v.check(signed(u, "org1-admin"), p).accepted()).isFalse();
    assertThat(v.check(signed(u, "orderer-admin"), p).accepted()).isTrue();
    assertThat(p.lookups).contains("/ /Channel/Orderer/Admins");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-09")
  void modPolicyNamingNoPolicyRejectsTheUpdate() {
    Config withMissing = withOrg1(config, g -> g.toBuilder().putValues("MSP",
        value(0, "m").toBuilder().setModPolicy("Nobody").build()).build());
    ConfigUpdateValidator v = ConfigUpdateValidator.of(CHANNEL, withMissing);
    Config next = withOrg1(withMissing, g -> g.toBuilder().putValues("MSP",
        value(0, "x").toBuilder().setModPolicy("Admins").build()).build());
    UpdateCheck c = v.check(signed(ConfigUpdates.compute(withMissing, next, CHANNEL),
        "org1-admin"), new TestPolicies(withMissing));
    ConfigUpdateException e = failure(c);
    assertThat(e.reason()).isEqualTo(Reason.MOD_POLICY_NOT_FOUND);
    assertThat(e.rule()).isEqualTo("CONFIGTX-UPDATE-09");
    assertThat(e.getMessage()).contains("'Nobody'", "/Channel/Application/Org1");
  }

  @Test
  @Tag("CONFIGTX-UPDATE-10")
  void deletionIsByOmissionUnderABumpedParent() {
    Config next = config.toBuilder().setChannelGroup(config.getChannelGroup().toBuilder()
        .putGroups("Application", config.getChannelGroup().getGroupsOrThrow("Application")
            .toBuilder().removeGroups("Org2").build())).build();
    UpdateCheck c = check(ConfigUpdates.compute(config, next, CHANNEL), "app-admin");
    ConfigGroup result = c.proposedOrThrow().getConfig().getChannelGroup();
    assertThat(result.getGroupsOrThrow("Application").getGroupsMap()).containsOnlyKeys("Org1");
    assertThat(result.getGroupsOrThrow("Application").getVersion()).isEqualTo(2);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-10")
  void newChildUnderAnUnbumpedParentIsSilentlyDiscarded() {
    ConfigGroup ws = ConfigGroup.newBuilder()
        .putValues("HashingAlgorithm", value(1, "SHA3"))
        .putValues("Sneaked", value(0, "x"))
        .build();
    ConfigGroup rs = ConfigGroup.newBuilder().build();
    ConfigUpdate u = ConfigUpdate.newBuilder().setChannelId(CHANNEL).setReadSet(rs)
        .setWriteSet(ws).build();
    ConfigGroup result = check(u, "channel-admin").proposedOrThrow().getConfig()
        .getChannelGroup();
    assertThat(result.getValuesMap()).containsOnlyKeys("HashingAlgorithm");
    assertThat(result.getValuesOrThrow("HashingAlgorithm").getValue()).isEqualTo(bytes("SHA3"));
  }

  @Test
  @Tag("CONFIGTX-UPDATE-10")
  void childGroupAddedAtANonZeroVersionIsRefusedBeforeTheRebuild() {
    // Org1 bumped and lists a new group 'Ghost' written at version 3.
    ConfigGroup org1w = config.getChannelGroup().getGroupsOrThrow("Application")
        .getGroupsOrThrow("Org1").toBuilder().setVersion(1).build();
    ConfigUpdate u = ConfigUpdate.newBuilder().setChannelId(CHANNEL)
        .setReadSet(ConfigGroup.newBuilder().putGroups("Application",
            ConfigGroup.newBuilder().setVersion(1).putGroups("Org1",
                ConfigGroup.newBuilder().build()).build()))
        .setWriteSet(ConfigGroup.newBuilder().putGroups("Application",
            ConfigGroup.newBuilder().setVersion(1).putGroups("Org1", org1w.toBuilder()
                .putGroups("Ghost", ConfigGroup.newBuilder().setVersion(3).build()).build())
                .build()))
        .build();
    UpdateCheck c = check(u, "org1-admin");
    // The ghost group is new but at version 3: refused before rebuilding.
    assertThat(failure(c).reason()).isEqualTo(Reason.VERSION_MISMATCH);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-11")
  void emptyModPoliciesBecomeAdminsWhenOrdererCapabilitiesExist() {
    Config bare = withOrg1(config, g -> g.toBuilder()
        .putValues("Legacy", ConfigValue.newBuilder().setValue(bytes("l")).build()).build());
    ConfigUpdateValidator v = ConfigUpdateValidator.of(CHANNEL, bare);
    Config next = bare.toBuilder().setChannelGroup(bare.getChannelGroup().toBuilder()
        .putValues("HashingAlgorithm", value(0, "SHA3"))).build();
    ConfigGroup out = v.check(signed(ConfigUpdates.compute(bare, next, CHANNEL),
        "channel-admin"), new TestPolicies(bare)).proposedOrThrow().getConfig().getChannelGroup();
    assertThat(out.getGroupsOrThrow("Application").getGroupsOrThrow("Org1")
        .getValuesOrThrow("Legacy").getModPolicy()).isEqualTo("Admins");

    ConfigGroup noCaps = bare.getChannelGroup().toBuilder().putGroups("Orderer",
        bare.getChannelGroup().getGroupsOrThrow("Orderer").toBuilder().removeValues("Capabilities")
            .build()).build();
    Config bare2 = bare.toBuilder().setChannelGroup(noCaps).build();
    Config next2 = bare2.toBuilder().setChannelGroup(noCaps.toBuilder()
        .putValues("HashingAlgorithm", value(0, "SHA3"))).build();
    ConfigGroup out2 = ConfigUpdateValidator.of(CHANNEL, bare2)
        .check(signed(ConfigUpdates.compute(bare2, next2, CHANNEL), "channel-admin"),
            new TestPolicies(bare2))
        .proposedOrThrow().getConfig().getChannelGroup();
    assertThat(out2.getGroupsOrThrow("Application").getGroupsOrThrow("Org1")
        .getValuesOrThrow("Legacy").getModPolicy()).isEmpty();
  }

  @Test
  @Tag("CONFIGTX-UPDATE-12")
  void proposedConfigIsAtTheNextSequenceWithTheUpdateAsLastUpdate() {
    ConfigUpdateRequest r = signed(org1MspUpdate(), "org1-admin");
    ConfigEnvelope next = validator.propose(r, policies);
    assertThat(next.getConfig().getSequence()).isEqualTo(4);
    ConfigUpdateRequest back = ConfigUpdateRequest.fromEnvelope(next.getLastUpdate());
    assertThat(back.updateEnvelope()).isEqualTo(r.updateEnvelope());
    assertThat(next.getConfig().getChannelGroup().getGroupsOrThrow("Application")
        .getGroupsOrThrow("Org1").getValuesOrThrow("MSP").getVersion()).isEqualTo(1);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-13")
  void receivingSideChecksSequenceReauthorisesAndComparesTheTree() {
    ConfigEnvelope next = validator.propose(signed(org1MspUpdate(), "org1-admin"), policies);
    validator.validate(next, policies);

    ConfigEnvelope wrongSeq = next.toBuilder().setConfig(next.getConfig().toBuilder()
        .setSequence(9)).build();
    ConfigUpdateException e1 = assertThrows(ConfigUpdateException.class,
        () -> validator.validate(wrongSeq, policies));
    assertThat(e1.reason()).isEqualTo(Reason.SEQUENCE_MISMATCH);
    assertThat(e1.rule()).isEqualTo("CONFIGTX-UPDATE-13");

    ConfigEnvelope tampered = next.toBuilder().setConfig(next.getConfig().toBuilder()
        .setChannelGroup(next.getConfig().getChannelGroup().toBuilder()
            .putValues("Extra", value(0, "x")))).build();
    ConfigUpdateException e2 = assertThrows(ConfigUpdateException.class,
        () -> validator.validate(tampered, policies));
    assertThat(e2.reason()).isEqualTo(Reason.CONFIG_RESULT_MISMATCH);

    ConfigEnvelope unsigned = validator.propose(signed(org1MspUpdate(), "org1-admin"), policies)
        .toBuilder().setLastUpdate(ConfigUpdates.envelope(org1MspUpdate())).build();
    ConfigUpdateException e3 = assertThrows(ConfigUpdateException.class,
        () -> validator.validate(unsigned, policies));
    assertThat(e3.reason()).isEqualTo(Reason.MOD_POLICY_NOT_SATISFIED);
  }

  @Test
  @Tag("CONFIGTX-UPDATE-08")
  void policySatisfiedByNobodysSignatureIsAcceptedWithAWarning() {
    Config open = withOrg1(config, g -> g.toBuilder()
        .putPolicies("Admins", TestConfigs.policy("")).build());
    Config next = withOrg1(open, g -> g.toBuilder().putValues("MSP", value(0, "evil")).build());
    UpdateCheck c = ConfigUpdateValidator.of(CHANNEL, open)
        .check(signed(ConfigUpdates.compute(open, next, CHANNEL)), new TestPolicies(open));
    assertThat(c.accepted()).isTrue();
    assertThat(c.warnings()).singleElement().asString()
        .contains("value /Channel/Application/Org1/MSP", "without any signature");
  }
}
