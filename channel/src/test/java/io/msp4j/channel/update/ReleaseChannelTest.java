package io.msp4j.channel.update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.ChannelOptions;
import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.MspReuse;
import io.msp4j.channel.ReloadingChannel;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.core.reload.ReloadResult.Status;
import io.msp4j.testdata.CertificateBuilder;
import io.msp4j.testdata.DeterministicRandom;
import io.msp4j.testdata.IssuedCertificate;
import io.msp4j.testdata.KeyAlgorithm;
import io.msp4j.testdata.cryptogen.GeneratedOrg;
import io.msp4j.testdata.cryptogen.GeneratedTree;
import io.msp4j.x509.SetupOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.function.UnaryOperator;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A channel loaded as a node of each Fabric release: what the release changes when a channel is
 * loaded and when an update to it is checked (DELTA25 rules).
 */
class ReleaseChannelTest {
  static final String CHANNEL = "mychannel";

  @TempDir static Path tmp;
  static GeneratedOrg org1;
  static GeneratedOrg org3;
  static GeneratedOrg orderer;
  /** An RSA certificate issued by Org3's root (Org3 has no NodeOUs). */
  static IssuedCertificate rsaAdmin;

  @BeforeAll
  static void generate() {
    GeneratedTree tree = ThreeOrgTree.generate("ReleaseChannelTest", tmp);
    org1 = tree.org("org1.example.com");
    org3 = tree.org("org3.example.com");
    orderer = tree.org("example.com");
    rsaAdmin = CertificateBuilder.create(DeterministicRandom.fromSeed("rsa admin"))
        .subject("CN=RsaAdmin@org3.example.com,O=org3.example.com")
        .issuer(org3.rootCa().certificate())
        .validity(Instant.parse("2024-06-02T00:00:00Z"), Instant.parse("2034-06-01T00:00:00Z"))
        .keyAlgorithm(KeyAlgorithm.RSA_2048).leaf().build();
  }

  static ChannelOptions at(FabricRelease r) {
    return ChannelOptions.defaults().withSetup(SetupOptions.defaults().withRelease(r));
  }

  static Config channel(String capability) {
    return ConfigFixture.builder().channelCapabilities(capability)
        .applicationOrg("Org1", ConfigFixture.msp(org1, "Org1MSP"))
        .applicationOrg("Org3", ConfigFixture.msp(org3, "Org3MSP"))
        .ordererOrg("OrdererOrg", ConfigFixture.msp(orderer, "OrdererMSP"))
        .build();
  }

  static Channel load(Config config, FabricRelease r) {
    return Channel.load(ConfigFixture.block(CHANNEL, config), at(r));
  }

  /** {@code config} with Org3's FabricMSPConfig changed. */
  static Config withOrg3(Config config, UnaryOperator<FabricMSPConfig.Builder> change) {
    try {
      ConfigGroup root = config.getChannelGroup();
      ConfigGroup app = root.getGroupsOrThrow("Application");
      ConfigGroup g = app.getGroupsOrThrow("Org3");
      ConfigValue v = g.getValuesOrThrow("MSP");
      MSPConfig msp = MSPConfig.parseFrom(v.getValue());
      FabricMSPConfig f = FabricMSPConfig.parseFrom(msp.getConfig());
      MSPConfig next = msp.toBuilder().setConfig(change.apply(f.toBuilder()).build().toByteString()).build();
      return config.toBuilder().setChannelGroup(root.toBuilder().putGroups("Application",
          app.toBuilder().putGroups("Org3", g.toBuilder()
              .putValues("MSP", v.toBuilder().setValue(next.toByteString()).build()).build()).build()))
          .build();
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }

  static Config withRsaAdmin(Config config) {
    return withOrg3(config, b -> b.addAdmins(ByteString.copyFrom(rsaAdmin.pem(), StandardCharsets.UTF_8)));
  }

  @Test
  void aChannelIsLoadedAsAV3_1_5NodeUnlessToldOtherwise() {
    Channel c = Channel.load(ConfigFixture.block(CHANNEL, channel("V2_0")));
    assertThat(c.release()).isEqualTo(FabricRelease.V3_1_5);
    assertThat(load(channel("V2_0"), FabricRelease.V2_5).release()).isEqualTo(FabricRelease.V2_5);
    assertThat(load(channel("V2_0"), FabricRelease.V2_5).mspVersion()).isEqualTo(MspVersion.V1_4_3);
  }

  @Test
  @Tag("DELTA25-01")
  void aV30ChannelIsRefusedByAV25Node() {
    assertThat(load(channel("V3_0"), FabricRelease.V3_0).mspVersion()).isEqualTo(MspVersion.V3_0);
    ChannelConfigException e = assertThrows(ChannelConfigException.class,
        () -> load(channel("V3_0"), FabricRelease.V2_5));
    assertThat(e.reason()).isEqualTo(Reason.RELEASE_UNSUPPORTED);
    assertThat(e.rule()).isEqualTo("DELTA25-01");
    assertThat(e.path()).isEqualTo("/Channel/Capabilities");
    assertThat(e.getMessage()).contains("v2.5.16 node refuses the channel's capabilities")
        .contains("V3_0");
  }

  @Test
  @Tag("DELTA25-10")
  void aV20ChannelWithAnRsaAdminWithoutNodeOusLoadsOnlyAtV25() {
    Config config = withRsaAdmin(channel("V2_0"));
    Channel v25 = load(config, FabricRelease.V2_5);
    assertThat(v25.orgs("Org3MSP")).hasSize(1);
    ChannelConfigException e = assertThrows(ChannelConfigException.class,
        () -> load(config, FabricRelease.V3_0));
    assertThat(e.path()).contains("Org3");
    assertThat(((MspException) e.getCause()).reason()).isEqualTo(Reason.ADMIN_INVALID);
  }

  @Test
  @Tag("DELTA25-10")
  void anUpdateAddingAnRsaAdminToAnOrgWithoutNodeOusIsAcceptedOnlyAtV25() {
    for (FabricRelease r : FabricRelease.all()) {
      Channel current = load(channel("V2_0"), r);
      UpdateReport report = check(current, withRsaAdmin(current.config()), r);
      if (r.isV2_5()) {
        assertThat(report.failure()).isEmpty();
        assertThat(report.accepted()).isTrue();
      } else {
        assertThat(report.accepted()).isFalse();
        assertThat(report.stage()).isEqualTo(UpdateReport.Stage.NEW_CONFIG);
        assertThat(report.decisions()).isNotEmpty()
            .allSatisfy(d -> assertThat(d.status().allows()).isTrue());
        MspException failure = (MspException) report.failure().orElseThrow();
        assertThat(failure.getMessage()).contains("RSA");
      }
    }
  }

  @Test
  @Tag("DELTA25-01")
  void anUpdateSwitchingOnV30IsRefusedByAV25Node() {
    Channel current = load(channel("V2_0"), FabricRelease.V2_5);
    Config next = channel("V3_0");
    UpdateReport v25 = checkSignedByAll(current, next, FabricRelease.V2_5);
    assertThat(v25.stage()).isEqualTo(UpdateReport.Stage.NEW_CONFIG);
    MspException failure = (MspException) v25.failure().orElseThrow();
    assertThat(failure.rule()).isEqualTo("DELTA25-01");
    assertThat(failure.reason()).isEqualTo(Reason.RELEASE_UNSUPPORTED);
    UpdateReport v30 = checkSignedByAll(load(channel("V2_0"), FabricRelease.V3_0), next,
        FabricRelease.V3_0);
    assertThat(v30.failure()).isEmpty();
  }

  @Test
  @Tag("DELTA25-10")
  @Tag("DELTA25-01")
  void aReloadingChannelFollowsItsRelease() {
    for (FabricRelease r : FabricRelease.all()) {
      ReloadingChannel reloading = ReloadingChannel.builder(CHANNEL).options(at(r)).build();
      Status v25Only = r.isV2_5() ? Status.APPLIED : Status.FAILED;
      Status v30Only = !r.isV2_5() ? Status.APPLIED : Status.FAILED;
      assertThat(reloading.apply(ConfigFixture.block(CHANNEL, channel("V2_0"))).status())
          .as("V2_0 at %s", r).isEqualTo(Status.APPLIED);
      assertThat(reloading.apply(ConfigFixture.block(CHANNEL, withRsaAdmin(channel("V2_0"))))
          .status()).as("RSA admin at %s", r).isEqualTo(v25Only);
      assertThat(reloading.apply(ConfigFixture.block(CHANNEL, channel("V3_0"))).status())
          .as("V3_0 at %s", r).isEqualTo(v30Only);
      assertThat(reloading.current().orElseThrow().value().release()).isEqualTo(r);
    }
  }

  @ParameterizedTest
  @MethodSource("io.msp4j.core.FabricRelease#all")
  void mspsAreReusedOnlyAtTheReleaseTheyWereSetUpAt(FabricRelease r) {
    Channel current = load(channel("V2_0"), r);
    MSPConfig org1 = current.orgs("Org1MSP").get(0).mspConfig();
    MspReuse reuse = MspReuse.from(current);
    for (FabricRelease other : FabricRelease.all()) {
      assertThat(reuse.find(org1, MspVersion.V1_4_3, other).isPresent()).isEqualTo(other == r);
    }
  }

  /** The update from {@code current} to {@code next}, signed by Org3's admin. */
  static UpdateReport check(Channel current, Config next, FabricRelease r) {
    Envelope env = ConfigUpdates.sign(
        ConfigUpdateRequest.parse(ConfigUpdates.envelope(
            ConfigUpdates.compute(current.config(), next, CHANNEL)).toByteArray()),
        LocalSigners.of(org3.admin().mspDir(), "Org3MSP"), new SecureRandom(), Clock.systemUTC());
    return ChannelUpdates.checker(current, at(r)).verdict(ConfigUpdateRequest.parse(env.toByteArray()));
  }

  /** The update from {@code current} to {@code next}, signed by the admins of every org. */
  static UpdateReport checkSignedByAll(Channel current, Config next, FabricRelease r) {
    ConfigUpdateRequest req = ConfigUpdateRequest.parse(ConfigUpdates.envelope(
        ConfigUpdates.compute(current.config(), next, CHANNEL)).toByteArray());
    for (var signer : java.util.List.of(
        LocalSigners.of(org1.admin().mspDir(), "Org1MSP"),
        LocalSigners.of(org3.admin().mspDir(), "Org3MSP"),
        LocalSigners.of(orderer.admin().mspDir(), "OrdererMSP"))) {
      req = ConfigUpdateRequest.parse(ConfigUpdates.sign(req, signer, new SecureRandom(),
          Clock.systemUTC()).toByteArray());
    }
    return ChannelUpdates.checker(current, at(r)).verdict(req);
  }
}
