package io.msp4j.channel.update;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.channel.ConfigFixture;
import io.msp4j.channel.TestOrgs;
import java.nio.file.Path;
import com.google.protobuf.ByteString;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What changed between two configurations: org MSPs and the policies at every level. */
class MspChangesTest {
  @TempDir static Path tmp;
  static Config config;

  @BeforeAll
  static void config() {
    config = new TestOrgs(tmp).standard().build();
  }

  @Test
  void policiesAboveTheOrgsAreReportedByTheirGroupsPath() {
    ConfigGroup root = config.getChannelGroup();
    ConfigGroup app = root.getGroupsOrThrow("Application");
    Config next = config.toBuilder().setChannelGroup(root.toBuilder()
        .putPolicies("Audit", ConfigFixture.signedBy("Org1MSP", MSPRole.MSPRoleType.ADMIN))
        .putGroups("Application", app.toBuilder()
            .putPolicies("Admins", ConfigFixture.implicitMeta(ImplicitMetaPolicy.Rule.ANY, "Admins"))
            .build()))
        .build();
    assertThat(MspChanges.between(config, next)).containsExactly(
        new MspChange("/Channel", MspChange.Kind.POLICY_ADDED, "Audit"),
        new MspChange("/Channel/Application", MspChange.Kind.POLICY_CHANGED, "Admins"));
    assertThat(MspChanges.between(config, config)).isEmpty();
  }

  @Test
  void aSectionRemovedTakesItsPoliciesAndOrgsWithIt() {
    Config next = config.toBuilder().setChannelGroup(config.getChannelGroup().toBuilder()
        .removeGroups("Application")).build();
    assertThat(MspChanges.between(config, next)).extracting(MspChange::org, MspChange::kind)
        .contains(
            org.assertj.core.groups.Tuple.tuple("/Channel/Application", MspChange.Kind.POLICY_REMOVED),
            org.assertj.core.groups.Tuple.tuple("/Channel/Application/Org1", MspChange.Kind.ORG_REMOVED));
  }

  @Test
  void anIdemixOrgAddedOrRemovedIsNamedByItsMspId() {
    ConfigGroup root = config.getChannelGroup();
    ConfigGroup app = root.getGroupsOrThrow("Application");
    MSPConfig idemix = MSPConfig.newBuilder().setType(1)
        .setConfig(IdemixMSPConfig.newBuilder().setName("IdemixOrgMSP")
            .setIpk(ByteString.copyFromUtf8("issuer key")).build().toByteString())
        .build();
    ConfigGroup org = ConfigGroup.newBuilder().setModPolicy("Admins")
        .putValues("MSP", ConfigValue.newBuilder().setModPolicy("Admins")
            .setValue(idemix.toByteString()).build())
        .build();
    Config next = config.toBuilder().setChannelGroup(root.toBuilder()
        .putGroups("Application", app.toBuilder().putGroups("IdemixOrg", org).build()))
        .build();
    assertThat(MspChanges.between(config, next)).containsExactly(
        new MspChange("/Channel/Application/IdemixOrg", MspChange.Kind.ORG_ADDED,
            "MSP IdemixOrgMSP (idemix)"));
    assertThat(MspChanges.between(next, config)).containsExactly(
        new MspChange("/Channel/Application/IdemixOrg", MspChange.Kind.ORG_REMOVED,
            "MSP IdemixOrgMSP (idemix)"));
  }
}
