package io.msp4j.network;

import io.msp4j.channel.ConfigFixture;
import java.util.List;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.Consenter;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Orderers;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.orderer.smartbft.Options;

/**
 * The parts of a channel configuration a Fabric v3 configtxgen writes for a BFT orderer: the
 * {@code ConsensusType} "BFT" with its SmartBFT options, the {@code Orderers} value (the consenter
 * mapping), the {@code BlockValidation} policy computed from the consenters, and the orderer
 * org's {@code Endpoints} (a V3_0 channel has no global orderer addresses).
 */
final class BftConfig {
  private BftConfig() {}

  /** The BFT quorum of {@code n} consenters: ceil((n + f + 1) / 2) with f = (n - 1) / 3. */
  static int quorum(int n) {
    int f = (n - 1) / 3;
    return (n + f + 1 + 1) / 2;
  }

  /** {@code c} with the orderer section of a BFT channel with these consenters and endpoints. */
  static Config withBftOrderer(Config c, String ordererOrg, List<Consenter> consenters,
      List<String> endpoints) {
    ConfigGroup channel = c.getChannelGroup();
    ConfigGroup orderer = channel.getGroupsOrThrow("Orderer");
    ConfigGroup org = orderer.getGroupsOrThrow(ordererOrg).toBuilder()
        .putValues("Endpoints", ConfigFixture.value(OrdererAddresses.newBuilder()
            .addAllAddresses(endpoints).build()))
        .build();
    ConfigGroup updated = orderer.toBuilder()
        .putValues("ConsensusType", ConfigFixture.value(ConsensusType.newBuilder().setType("BFT")
            .setMetadata(smartBftDefaults().toByteString()).build()))
        .putValues("Orderers", ConfigFixture.value(Orderers.newBuilder()
            .addAllConsenterMapping(consenters).build()))
        .putPolicies("BlockValidation", blockValidation(consenters,
            orderer.getPoliciesOrThrow("BlockValidation").getModPolicy()))
        .putGroups(ordererOrg, org)
        .build();
    return c.toBuilder().setChannelGroup(channel.toBuilder().putGroups("Orderer", updated)).build();
  }

  /**
   * The policy configtxgen computes for BFT: NOutOf(quorum) of SignedBy each consenter, each
   * principal an IDENTITY (the consenter's MSP ID and certificate), the mod policy kept.
   */
  static ConfigPolicy blockValidation(List<Consenter> consenters, String modPolicy) {
    SignaturePolicy.NOutOf.Builder rule = SignaturePolicy.NOutOf.newBuilder()
        .setN(quorum(consenters.size()));
    SignaturePolicyEnvelope.Builder env = SignaturePolicyEnvelope.newBuilder();
    for (int i = 0; i < consenters.size(); i++) {
      Consenter c = consenters.get(i);
      rule.addRules(SignaturePolicy.newBuilder().setSignedBy(i));
      env.addIdentities(MSPPrincipal.newBuilder()
          .setPrincipalClassification(MSPPrincipal.Classification.IDENTITY)
          .setPrincipal(SerializedIdentity.newBuilder().setMspid(c.getMspId())
              .setIdBytes(c.getIdentity()).build().toByteString()));
    }
    env.setRule(SignaturePolicy.newBuilder().setNOutOf(rule));
    return ConfigFixture.signature(env.build()).toBuilder().setModPolicy(modPolicy).build();
  }

  /** configtxgen's SmartBFT defaults (those of the SmartBFT library, durations as Go prints them). */
  static Options smartBftDefaults() {
    return Options.newBuilder()
        .setRequestBatchMaxCount(100).setRequestBatchMaxBytes(10L << 20)
        .setRequestBatchMaxInterval("50ms").setIncomingMessageBufferSize(200)
        .setRequestPoolSize(400).setRequestForwardTimeout("2s").setRequestComplainTimeout("20s")
        .setRequestAutoRemoveTimeout("3m0s").setViewChangeResendInterval("5s")
        .setViewChangeTimeout("20s").setLeaderHeartbeatTimeout("1m0s").setLeaderHeartbeatCount(10)
        .setCollectTimeout("1s")
        .build();
  }
}
