package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.channel.update.ChannelUpdates;
import io.msp4j.channel.update.ConfigUpdateRequest;
import io.msp4j.channel.update.UpdateReport;
import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import io.msp4j.x509.SetupOptions;
import java.io.IOException;
import java.io.InputStream;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Config blocks written by Fabric v2.5.12's and v3.0.0's configtxgen (channel capability V2_0;
 * see {@code configtxgen/README.md} for how, and for what Fabric's own channelconfig answered),
 * loaded by msp4j as a node of each release, and an update of one of them checked at each
 * release.
 */
class ConfigtxgenBlocksTest {

  static byte[] block(String name) throws IOException {
    try (InputStream in = ConfigtxgenBlocksTest.class.getResourceAsStream("configtxgen/" + name)) {
      assertThat(in).as(name).isNotNull();
      return in.readAllBytes();
    }
  }

  static ChannelOptions at(FabricRelease r) {
    return ChannelOptions.defaults().withSetup(SetupOptions.defaults().withRelease(r));
  }

  @ParameterizedTest(name = "{0}'s block at release {1}")
  @CsvSource({"2.5.12, 2.5", "2.5.12, 3.0", "3.0.0, 2.5", "3.0.0, 3.0"})
  @Tag("DELTA25-09")
  @Tag("VER-02")
  void aV20BlockOfEitherConfigtxgenLoadsAtEitherRelease(String maker, String release)
      throws IOException {
    Channel c = Channel.load(block("v" + maker + "-v20.block"), at(FabricRelease.parse(release)));
    assertThat(c.mspVersion()).isEqualTo(MspVersion.V1_4_3);
    assertThat(c.release()).isEqualTo(FabricRelease.parse(release));
    assertThat(c.msps().keySet()).containsExactlyInAnyOrder("Org1MSP", "OrdererMSP");
  }

  @ParameterizedTest(name = "{0}'s block")
  @CsvSource({"2.5.12", "3.0.0"})
  @Tag("DELTA25-10")
  void aV20BlockWithAnRsaAdminWithoutNodeOusLoadsOnlyAtRelease25(String maker)
      throws IOException {
    byte[] bytes = block("v" + maker + "-v20-rsa-admin.block");
    Channel v25 = Channel.load(bytes, at(FabricRelease.V2_5));
    assertThat(v25.msp("Org1MSP")).isPresent();
    ChannelConfigException e = assertThrows(ChannelConfigException.class,
        () -> Channel.load(bytes, at(FabricRelease.V3_0)));
    assertThat(e.path()).isEqualTo("/Channel/Application/Org1MSP");
    MspException cause = (MspException) e.getCause();
    assertThat(cause.reason()).isEqualTo(Reason.ADMIN_INVALID);
    assertThat(cause.getMessage()).contains("admins[1]").contains("RSA");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"v20.block", "v20-rsa-admin.block"})
  void bothConfigtxgensWriteTheSameOrgGroups(String suffix) throws IOException {
    ConfigGroup v25 = Channel.load(block("v2.5.12-" + suffix), at(FabricRelease.V2_5)).config()
        .getChannelGroup();
    ConfigGroup v30 = Channel.load(block("v3.0.0-" + suffix), at(FabricRelease.V2_5)).config()
        .getChannelGroup();
    assertThat(v30.getGroupsOrThrow("Application").getGroupsMap())
        .isEqualTo(v25.getGroupsOrThrow("Application").getGroupsMap());
    assertThat(v30.getGroupsOrThrow("Orderer").getGroupsMap())
        .isEqualTo(v25.getGroupsOrThrow("Orderer").getGroupsMap());
  }

  @ParameterizedTest(name = "release {0}")
  @CsvSource({"2.5", "3.0"})
  @Tag("DELTA25-10")
  void anUpdateAddingAnRsaAdminToAnOrgWithoutNodeOusIsAcceptedOnlyAtRelease25(String release)
      throws IOException {
    ChannelOptions options = at(FabricRelease.parse(release));
    Channel current = Channel.load(block("v2.5.12-v20-no-nodeous.block"), options);
    UpdateReport report = ChannelUpdates.checker(current, options)
        .verdict(ConfigUpdateRequest.parse(block("rsa-admin-update.env")));
    if (release.equals("2.5")) {
      assertThat(report.failure()).isEmpty();
      assertThat(report.accepted()).isTrue();
    } else {
      assertThat(report.stage()).isEqualTo(UpdateReport.Stage.NEW_CONFIG);
      MspException failure = (MspException) report.failure().orElseThrow();
      assertThat(failure.reason()).isEqualTo(Reason.ADMIN_INVALID);
      assertThat(failure.getMessage()).contains("admins[1]").contains("RSA");
    }
  }
}
