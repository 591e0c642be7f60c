package io.msp4j.channel.update;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.msp4j.channel.ChannelCapabilities;
import io.msp4j.channel.update.internal.NewConfigRules;
import io.msp4j.core.Reason;
import java.util.Set;
import org.hyperledger.fabric.protos.common.Capabilities;
import org.hyperledger.fabric.protos.common.Capability;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class NewConfigRulesTest {

  static ConfigValue v(com.google.protobuf.Message m) {
    return ConfigValue.newBuilder().setValue(m.toByteString()).build();
  }

  static ConfigGroup org(String mspId, boolean endpoints) {
    ConfigGroup.Builder b = ConfigGroup.newBuilder().putValues("MSP", v(MSPConfig.newBuilder()
        .setConfig(FabricMSPConfig.newBuilder().setName(mspId).build().toByteString()).build()));
    if (endpoints) {
      b.putValues("Endpoints", v(OrdererAddresses.newBuilder().addAddresses("o:7050").build()));
    }
    return b.build();
  }

  static Config config(String appMspId, String consensus, boolean v3, boolean endpoints) {
    ConfigGroup.Builder root = ConfigGroup.newBuilder()
        .putGroups("Application", ConfigGroup.newBuilder()
            .putGroups("Org1", org(appMspId, false)).build())
        .putGroups("Orderer", ConfigGroup.newBuilder()
            .putGroups("OrdererOrg", org("OrdererMSP", endpoints))
            .putValues("ConsensusType", v(ConsensusType.newBuilder().setType(consensus).build()))
            .build());
    Capabilities.Builder caps = Capabilities.newBuilder()
        .putCapabilities("V2_0", Capability.getDefaultInstance());
    if (v3) {
      caps.putCapabilities("V3_0", Capability.getDefaultInstance());
    }
    root.putValues("Capabilities", v(caps.build()));
    return Config.newBuilder().setChannelGroup(root).build();
  }

  @Test
  @Tag("CHANNEL-MSP-09")
  void mspIdOfAnExistingOrgGroupCannotChange() {
    ConfigUpdateException e = assertThrows(ConfigUpdateException.class, () -> NewConfigRules
        .check(config("Org1MSP", "etcdraft", false, false),
            config("Org1MSPx", "etcdraft", false, false)));
    assertThat(e.reason()).isEqualTo(Reason.MSP_ID_CHANGED);
    assertThat(e.rule()).isEqualTo("CHANNEL-MSP-09");
    assertThat(e.getMessage()).contains("application org Org1", "Org1MSP to Org1MSPx");
  }

  @Test
  @Tag("CHANNEL-MSP-09")
  void sectionsCannotDisappearAndConsortiumsCannotAppear() {
    Config c = config("Org1MSP", "etcdraft", false, false);
    Config noApp = c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder()
        .removeGroups("Application")).build();
    assertThat(assertThrows(ConfigUpdateException.class, () -> NewConfigRules.check(c, noApp))
        .reason()).isEqualTo(Reason.CONFIG_SECTION_CHANGED);
    Config cons = c.toBuilder().setChannelGroup(c.getChannelGroup().toBuilder()
        .putGroups("Consortiums", ConfigGroup.getDefaultInstance())).build();
    assertThat(assertThrows(ConfigUpdateException.class, () -> NewConfigRules.check(c, cons))
        .getMessage()).contains("no Consortiums section");
    NewConfigRules.check(c, c);
  }

  @Test
  @Tag("CHANNEL-MSP-09")
  void switchingOnV3NeedsEndpointsOnEveryOrdererOrg() {
    ConfigUpdateException e = assertThrows(ConfigUpdateException.class, () -> NewConfigRules
        .check(config("Org1MSP", "etcdraft", false, false),
            config("Org1MSP", "etcdraft", true, false)));
    assertThat(e.reason()).isEqualTo(Reason.ORDERER_ENDPOINTS_MISSING);
    assertThat(e.getMessage()).contains("OrdererOrg");
    NewConfigRules.check(config("Org1MSP", "etcdraft", false, true),
        config("Org1MSP", "etcdraft", true, true));
    // Already on V3_0: not checked again.
    NewConfigRules.check(config("Org1MSP", "etcdraft", true, false),
        config("Org1MSP", "etcdraft", true, false));
  }

  @Test
  @Tag("CHANNEL-MSP-09")
  void consensusTypeChangeNeedsMigrationCapability() {
    Config old = config("Org1MSP", "etcdraft", false, false);
    Config noCaps = old.toBuilder().setChannelGroup(old.getChannelGroup().toBuilder()
        .removeValues("Capabilities")).build();
    Config bft = config("Org1MSP", "BFT", false, false);
    Config bftNoCaps = bft.toBuilder().setChannelGroup(bft.getChannelGroup().toBuilder()
        .removeValues("Capabilities")).build();
    assertThat(assertThrows(ConfigUpdateException.class,
        () -> NewConfigRules.check(noCaps, bftNoCaps)).getMessage())
        .contains("from etcdraft to BFT");
    NewConfigRules.check(old, bft);
  }

  static ChannelCapabilities capabilities(Config c) throws Exception {
    Set<String> names = Capabilities.parseFrom(c.getChannelGroup().getValuesOrThrow("Capabilities")
        .getValue()).getCapabilitiesMap().keySet();
    return new ChannelCapabilities(names, Set.of(), Set.of());
  }

  @Test
  @Tag("DELTA25-08")
  void theV3EndpointsRuleOnlyRefusesConfigsFabricV25CannotRunAnyway() throws Exception {
    // Fabric v2.5 compares old and new configs without the endpoints rule. Without V3_0, all the
    // channel capabilities v2.5 knows, msp4j's comparison passes an orderer org losing its
    // endpoints, as v2.5's (and v3.0's) does.
    Config before = config("Org1MSP", "etcdraft", false, true);
    Config after = config("Org1MSP", "etcdraft", false, false);
    NewConfigRules.check(before, after);
    assertThat(capabilities(after).unsupportedByFabricV25()).isEmpty();
    // Switching V3_0 on without endpoints: msp4j gives Fabric v3.0's refusal; a v2.5 node refuses
    // that new config too, since it requires a channel capability v2.5 does not have.
    Config v3 = config("Org1MSP", "etcdraft", true, false);
    ConfigUpdateException e = assertThrows(ConfigUpdateException.class,
        () -> NewConfigRules.check(before, v3));
    assertThat(e.reason()).isEqualTo(Reason.ORDERER_ENDPOINTS_MISSING);
    assertThat(capabilities(v3).unsupportedByFabricV25())
        .containsExactly("Channel capability V3_0");
    assertThat(capabilities(v3).unsupportedByFabricV3()).isEmpty();
  }
}
