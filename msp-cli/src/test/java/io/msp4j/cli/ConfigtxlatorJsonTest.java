package io.msp4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import io.msp4j.core.Principal;
import java.util.Base64;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.junit.jupiter.api.Test;

class ConfigtxlatorJsonTest {
  private static SignaturePolicyEnvelope withIdentity(MSPPrincipal p) {
    return SignaturePolicyEnvelope.newBuilder().addIdentities(p).setRule(SignaturePolicy.newBuilder().setSignedBy(0)).build();
  }

  private static JsonObject principal(MSPPrincipal p) {
    String json = ConfigtxlatorJson.signaturePolicyEnvelope(withIdentity(p));
    return JsonParser.parseString(json).getAsJsonObject().getAsJsonArray("identities").get(0).getAsJsonObject();
  }

  @Test
  void organizationUnitsAndIdentitiesAreDecodedWithBytesInBase64() {
    JsonObject ou = principal(Principal.OrganizationUnit.of("Org1MSP", "peer", new byte[] {1, 2, 3}).toProto());
    assertThat(ou.get("principal_classification").getAsString()).isEqualTo("ORGANIZATION_UNIT");
    assertThat(ou.getAsJsonObject("principal").toString())
        .isEqualTo("{\"certifiers_identifier\":\"AQID\",\"msp_identifier\":\"Org1MSP\",\"organizational_unit_identifier\":\"peer\"}");
    byte[] si = SerializedIdentity.newBuilder().setMspid("A").setIdBytes(ByteString.copyFromUtf8("not a pem")).build().toByteArray();
    JsonObject id = principal(Principal.IdentityPrincipal.ofSerialized(si).toProto());
    assertThat(id.getAsJsonObject("principal").get("id_bytes").getAsString())
        .isEqualTo(Base64.getEncoder().encodeToString("not a pem".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    assertThat(id.getAsJsonObject("principal").get("mspid").getAsString()).isEqualTo("A");
  }

  @Test
  void anEmptyPayloadIsNullWhateverTheClassification() {
    assertThat(principal(Principal.Anonymity.NOMINAL.toProto()).get("principal").isJsonNull()).isTrue();
    assertThat(principal(MSPPrincipal.getDefaultInstance()).get("principal").isJsonNull()).isTrue();
  }

  @Test
  void stringsAreEscapedAsGoEscapesThemAndUnknownEnumsAreNumbers() {
    MSPPrincipal p = MSPPrincipal.newBuilder()
        .setPrincipal(MSPRole.newBuilder().setMspIdentifier("A<&>='\u2028\b\u0001é").setRoleValue(7).build().toByteString())
        .build();
    String json = ConfigtxlatorJson.signaturePolicyEnvelope(withIdentity(p));
    assertThat(json).contains("\"msp_identifier\": \"A\\u003c\\u0026\\u003e='\\u2028\\b\\u0001é\"")
        .contains("\"role\": 7");
  }

  @Test
  void principalsConfigtxlatorCannotShowAreRefused() {
    MSPPrincipal combined = Principal.Combined.of(Principal.Role.member("A")).toProto();
    assertThat(assertThrows(IllegalArgumentException.class,
            () -> ConfigtxlatorJson.signaturePolicyEnvelope(withIdentity(combined))).getMessage())
        .contains("identities[0] has classification COMBINED");
    MSPPrincipal anonymous = Principal.Anonymity.ANONYMOUS.toProto();
    assertThrows(IllegalArgumentException.class, () -> ConfigtxlatorJson.signaturePolicyEnvelope(withIdentity(anonymous)));
    MSPPrincipal garbage = MSPPrincipal.newBuilder().setPrincipal(ByteString.copyFromUtf8("\u00ff\u00ffbad")).build();
    assertThat(assertThrows(IllegalArgumentException.class,
            () -> ConfigtxlatorJson.signaturePolicyEnvelope(withIdentity(garbage))).getMessage())
        .contains("does not decode");
    MSPPrincipal nine = MSPPrincipal.newBuilder().setPrincipalClassificationValue(9).setPrincipal(ByteString.copyFromUtf8("x")).build();
    assertThat(assertThrows(IllegalArgumentException.class,
            () -> ConfigtxlatorJson.signaturePolicyEnvelope(withIdentity(nine))).getMessage())
        .contains("classification 9");
  }
}
