package io.msp4j.channel.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.Reason;
import io.msp4j.core.policy.PolicyDsl;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.BlockData;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.ConfigUpdateEnvelope;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.peer.AnchorPeer;
import org.hyperledger.fabric.protos.peer.AnchorPeers;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Fabric messages written as configtxlator writes them (protolator, Go's encoding/json). */
class FabricJsonTest {

  private static final byte[] PEM =
      "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
          .getBytes(StandardCharsets.UTF_8);

  private static ConfigValue value(com.google.protobuf.Message m) {
    return ConfigValue.newBuilder().setModPolicy("Admins").setValue(m.toByteString()).build();
  }

  private static ConfigGroup applicationOrg() {
    MSPConfig msp = MSPConfig.newBuilder().setType(0).setConfig(
        FabricMSPConfig.newBuilder().setName("Org1MSP").addRootCerts(ByteString.copyFrom(PEM))
            .build().toByteString()).build();
    return ConfigGroup.newBuilder()
        .setModPolicy("Admins")
        .putValues("MSP", value(msp))
        .putValues("AnchorPeers", value(AnchorPeers.newBuilder()
            .addAnchorPeers(AnchorPeer.newBuilder().setHost("peer0<&>").setPort(7051)).build()))
        .putPolicies("Admins", ConfigPolicy.newBuilder().setModPolicy("Admins")
            .setPolicy(Policy.newBuilder().setType(1)
                .setValue(PolicyDsl.compile("OR('Org1MSP.admin')").toByteString())).build())
        .putPolicies("Readers", ConfigPolicy.newBuilder().setModPolicy("Admins")
            .setPolicy(Policy.newBuilder().setType(3).setValue(ImplicitMetaPolicy.newBuilder()
                .setRule(ImplicitMetaPolicy.Rule.ANY).setSubPolicy("Readers").build()
                .toByteString())).build())
        .build();
  }

  @Test
  @Tag("ENCODE-07")
  void applicationOrgGroupIsWrittenInGosLayoutWithOpaqueValuesDecoded() {
    String json = FabricJson.print(applicationOrg(), GroupKind.APPLICATION_ORG);
    String pem64 = Base64.getEncoder().encodeToString(PEM);
    assertThat(json).startsWith("{\n\t\"groups\": {},\n\t\"mod_policy\": \"Admins\",\n")
        .endsWith("\t\"version\": \"0\"\n}\n")
        .contains("\"host\": \"peer0\\u003c\\u0026\\u003e\",\n")
        .contains("\"port\": 7051")
        .contains("\"root_certs\": [\n\t\t\t\t\t\t\"" + pem64 + "\"\n")
        .contains("\"signing_identity\": null")
        .contains("\"principal_classification\": \"ROLE\"")
        .contains("\"msp_identifier\": \"Org1MSP\",\n")
        .contains("\"role\": \"ADMIN\"")
        .contains("\"rule\": \"ANY\",\n")
        .contains("\"sub_policy\": \"Readers\"");
    // Keys are sorted: AnchorPeers before MSP, Admins before Readers.
    assertThat(json.indexOf("\"AnchorPeers\"")).isLessThan(json.indexOf("\"MSP\""));
    assertThat(json.indexOf("\"Admins\": {")).isLessThan(json.indexOf("\"Readers\": {"));
  }

  @Test
  @Tag("ENCODE-07")
  void ordererOrgGroupDecodesEndpoints() {
    ConfigGroup g = ConfigGroup.newBuilder().setModPolicy("Admins")
        .putValues("Endpoints", value(OrdererAddresses.newBuilder().addAddresses("o:7050").build()))
        .build();
    assertThat(FabricJson.print(g, GroupKind.ORDERER_ORG))
        .contains("\"Endpoints\": {\n\t\t\t\"mod_policy\": \"Admins\",\n\t\t\t\"value\": {\n"
            + "\t\t\t\t\"addresses\": [\n\t\t\t\t\t\"o:7050\"\n");
  }

  @Test
  void valueKeyUnknownInItsPlaceFailsNamingThePath() {
    ConfigGroup g = applicationOrg();
    FabricJsonException e = assertThrows(FabricJsonException.class,
        () -> FabricJson.print(g, GroupKind.ORDERER_ORG));
    assertThat(e.reason()).isEqualTo(Reason.CONFIG_JSON_UNDECODABLE);
    assertThat(e.getMessage()).contains("values[AnchorPeers]",
        "unknown Orderer Org ConfigValue name: AnchorPeers");
  }

  @Test
  void emptyValueIsNullAndNeedsNoType() {
    ConfigGroup g = ConfigGroup.newBuilder().putValues("Whatever", ConfigValue.getDefaultInstance())
        .build();
    assertThat(FabricJson.print(g, GroupKind.APPLICATION_ORG)).contains("\"value\": null");
  }

  @Test
  void subGroupsOfAnOrgAreRefused() {
    ConfigGroup g = ConfigGroup.newBuilder().putGroups("x", ConfigGroup.getDefaultInstance())
        .build();
    assertThat(assertThrows(FabricJsonException.class,
        () -> FabricJson.print(g, GroupKind.APPLICATION_ORG)).getMessage())
        .contains("do not support sub-groups");
  }

  private static Config config() {
    ConfigGroup channel = ConfigGroup.newBuilder()
        .putGroups("Application", ConfigGroup.newBuilder()
            .putGroups("Org1MSP", applicationOrg()).setModPolicy("Admins").build())
        .putGroups("Orderer", ConfigGroup.newBuilder()
            .putValues("ConsensusType", value(ConsensusType.newBuilder().setType("BFT")
                .setMetadata(org.hyperledger.fabric.protos.orderer.smartbft.Options.newBuilder()
                    .setRequestBatchMaxCount(100).build().toByteString()).build()))
            .build())
        .build();
    return Config.newBuilder().setSequence(3).setChannelGroup(channel).build();
  }

  @Test
  void blockWithAConfigEnvelopeIsDecodedDownToTheOrgs() {
    Payload payload = Payload.newBuilder()
        .setHeader(Header.newBuilder().setChannelHeader(ChannelHeader.newBuilder()
            .setType(HeaderType.CONFIG_VALUE).setChannelId("ch").build().toByteString()))
        .setData(ConfigEnvelope.newBuilder().setConfig(config()).build().toByteString())
        .build();
    Block block = Block.newBuilder().setData(BlockData.newBuilder()
        .addData(Envelope.newBuilder().setPayload(payload.toByteString()).build().toByteString()))
        .build();
    String json = FabricJson.print(block);
    assertThat(json)
        .contains("\"channel_id\": \"ch\"", "\"type\": 1,", "\"sequence\": \"3\"",
            "\"request_batch_max_count\": \"100\"", "\"msp_identifier\": \"Org1MSP\"",
            "\"timestamp\": null", "\"last_update\": null", "\"metadata\": null");
  }

  @Test
  void configUpdateEnvelopeDecodesTheUpdateAndItsSets() {
    ConfigUpdate update = ConfigUpdate.newBuilder().setChannelId("ch")
        .setWriteSet(config().getChannelGroup()).build();
    ConfigUpdateEnvelope env = ConfigUpdateEnvelope.newBuilder()
        .setConfigUpdate(update.toByteString()).build();
    assertThat(FabricJson.print(env)).contains("\"write_set\": {", "\"read_set\": null",
        "\"isolated_data\": {}", "\"signatures\": []", "\"role\": \"ADMIN\"");
  }

  @Test
  void bytesThatAreNotTheirMessageFail() {
    ConfigGroup g = ConfigGroup.newBuilder().putValues("MSP", ConfigValue.newBuilder()
        .setValue(ByteString.copyFrom(new byte[] {(byte) 0xff, 0x01})).build()).build();
    assertThat(assertThrows(FabricJsonException.class,
        () -> FabricJson.print(g, GroupKind.APPLICATION_ORG)).getMessage())
        .contains("values[MSP].value", "do not decode as msp.MSPConfig");
  }

  @Test
  void unknownPolicyTypeWithAValueFails() {
    ConfigGroup g = ConfigGroup.newBuilder().putPolicies("P", ConfigPolicy.newBuilder()
        .setPolicy(Policy.newBuilder().setType(2).setValue(ByteString.copyFromUtf8("x"))).build())
        .build();
    assertThat(assertThrows(FabricJsonException.class,
        () -> FabricJson.print(g, GroupKind.APPLICATION_ORG)).getMessage())
        .contains("unable to decode policy type: 2");
  }

  @Test
  void groupJsonReadsBackIntoTheSameGroup() {
    ConfigGroup g = applicationOrg();
    assertThat(FabricJson.parse(FabricJson.print(g, GroupKind.APPLICATION_ORG),
        GroupKind.APPLICATION_ORG)).isEqualTo(g);
  }

  @Test
  void blockJsonReadsBackIntoTheSameBlock() {
    Payload payload = Payload.newBuilder()
        .setHeader(Header.newBuilder().setChannelHeader(ChannelHeader.newBuilder()
            .setType(HeaderType.CONFIG_VALUE).setChannelId("ch").build().toByteString()))
        .setData(ConfigEnvelope.newBuilder().setConfig(config()).build().toByteString())
        .build();
    Block block = Block.newBuilder().setData(BlockData.newBuilder()
        .addData(Envelope.newBuilder().setPayload(payload.toByteString()).build().toByteString()))
        .build();
    Block back = FabricJson.parse(FabricJson.print(block), Block.getDefaultInstance());
    assertThat(FabricJson.print(back)).isEqualTo(FabricJson.print(block));
  }

  @Test
  void textThatIsNotTheMessageIsRefused() {
    assertThat(assertThrows(FabricJsonException.class,
        () -> FabricJson.parse("[1]", Block.getDefaultInstance())).getMessage())
        .contains("expected a JSON object");
    assertThat(assertThrows(FabricJsonException.class,
        () -> FabricJson.parse("{\"values\": {\"Nope\": {\"value\": {}}}}",
            GroupKind.APPLICATION_ORG)).getMessage())
        .contains("unknown Application Org ConfigValue name: Nope");
    assertThat(assertThrows(FabricJsonException.class,
        () -> FabricJson.parse("{\"mod_policy\": 5, \"bogus\": 1}",
            GroupKind.APPLICATION_ORG)).reason()).isEqualTo(Reason.CONFIG_JSON_UNDECODABLE);
  }

  @Test
  @Tag("POLICY-SIG-01")
  void policiesNestedFarBeyondProtobufJavasDefaultLimitPrintAndReadBack() {
    // configtxgen prints policies nested 60 gates deep and more; protobuf-java alone refuses
    // 50 (100 levels) and its JSON printer runs out of stack near 600.
    for (int gates : new int[] {60, 1_000}) {
      String dsl = "OR(".repeat(gates) + "'A.member'" + ")".repeat(gates);
      ConfigPolicy policy = ConfigPolicy.newBuilder().setModPolicy("Admins")
          .setPolicy(Policy.newBuilder().setType(Policy.PolicyType.SIGNATURE_VALUE)
              .setValue(io.msp4j.core.DeepMessages.walk(
                  () -> PolicyDsl.compile(dsl).toByteString(), "encoding")))
          .build();

      String json = FabricJson.print(policy);

      assertThat(json).contains("\"n_out_of\"");
      ConfigPolicy back = FabricJson.parse(json, ConfigPolicy.getDefaultInstance());
      assertThat(io.msp4j.core.DeepMessages.walk(back::toByteString, "encoding"))
          .as("%d gates", gates)
          .isEqualTo(io.msp4j.core.DeepMessages.walk(policy::toByteString, "encoding"));
    }
  }
}
