package io.msp4j.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hyperledger.fabric.protos.common.Capabilities;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.CombinedPrincipal;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigSignature;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.ConfigUpdateEnvelope;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.MSPIdentityAnonymity;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.common.Payload;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.common.SignatureHeader;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;
import org.hyperledger.fabric.protos.peer.AnchorPeer;
import org.hyperledger.fabric.protos.peer.AnchorPeers;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The Fabric protobuf bindings on the class path carry the field numbers and enum values of spec
 * section 1.3: what msp4j reads and writes is only byte-compatible with Fabric if they do.
 */
class FabricMessagesTest {

  /** Field name to number, in the order given. */
  private static Map<String, Integer> fields(Object... nameThenNumber) {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (int i = 0; i < nameThenNumber.length; i += 2) {
      m.put((String) nameThenNumber[i], (Integer) nameThenNumber[i + 1]);
    }
    return m;
  }

  private static void assertFields(Descriptor d, Object... nameThenNumber) {
    Map<String, Integer> actual = new LinkedHashMap<>();
    for (FieldDescriptor f : d.getFields()) {
      actual.put(f.getName(), f.getNumber());
    }
    assertThat(actual).as(d.getFullName()).isEqualTo(fields(nameThenNumber));
  }

  private static void assertValues(EnumDescriptor d, Object... nameThenNumber) {
    Map<String, Integer> actual = new LinkedHashMap<>();
    d.getValues().forEach(v -> actual.put(v.getName(), v.getNumber()));
    assertThat(actual).as(d.getFullName()).containsAllEntriesOf(fields(nameThenNumber));
  }

  @Test
  @Tag("PROTO-04")
  void serializedIdentity() {
    assertFields(SerializedIdentity.getDescriptor(), "mspid", 1, "id_bytes", 2);
  }

  @Test
  @Tag("PROTO-05")
  void principals() {
    assertFields(MSPPrincipal.getDescriptor(), "principal_classification", 1, "principal", 2);
    assertValues(MSPPrincipal.Classification.getDescriptor(),
        "ROLE", 0, "ORGANIZATION_UNIT", 1, "IDENTITY", 2, "ANONYMITY", 3, "COMBINED", 4);
    assertFields(MSPRole.getDescriptor(), "msp_identifier", 1, "role", 2);
    assertValues(MSPRole.MSPRoleType.getDescriptor(),
        "MEMBER", 0, "ADMIN", 1, "CLIENT", 2, "PEER", 3, "ORDERER", 4);
    assertFields(OrganizationUnit.getDescriptor(),
        "msp_identifier", 1, "organizational_unit_identifier", 2, "certifiers_identifier", 3);
    assertFields(MSPIdentityAnonymity.getDescriptor(), "anonymity_type", 1);
    assertValues(MSPIdentityAnonymity.MSPIdentityAnonymityType.getDescriptor(), "NOMINAL", 0, "ANONYMOUS", 1);
    assertFields(CombinedPrincipal.getDescriptor(), "principals", 1);
  }

  @Test
  @Tag("PROTO-06")
  void policies() {
    assertFields(Policy.getDescriptor(), "type", 1, "value", 2);
    assertValues(Policy.PolicyType.getDescriptor(), "UNKNOWN", 0, "SIGNATURE", 1, "MSP", 2, "IMPLICIT_META", 3);
    assertFields(SignaturePolicyEnvelope.getDescriptor(), "version", 1, "rule", 2, "identities", 3);
    assertFields(SignaturePolicy.getDescriptor(), "signed_by", 1, "n_out_of", 2);
    assertFields(SignaturePolicy.NOutOf.getDescriptor(), "n", 1, "rules", 2);
    assertFields(ImplicitMetaPolicy.getDescriptor(), "sub_policy", 1, "rule", 2);
    assertValues(ImplicitMetaPolicy.Rule.getDescriptor(), "ANY", 0, "ALL", 1, "MAJORITY", 2);
  }

  @Test
  @Tag("PROTO-07")
  void configTransactions() {
    assertFields(ConfigEnvelope.getDescriptor(), "config", 1, "last_update", 2);
    assertFields(Config.getDescriptor(), "sequence", 1, "channel_group", 2);
    assertFields(ConfigUpdateEnvelope.getDescriptor(), "config_update", 1, "signatures", 2);
    assertFields(ConfigUpdate.getDescriptor(), "channel_id", 1, "read_set", 2, "write_set", 3, "isolated_data", 5);
    assertFields(ConfigGroup.getDescriptor(),
        "version", 1, "groups", 2, "values", 3, "policies", 4, "mod_policy", 5);
    assertFields(ConfigValue.getDescriptor(), "version", 1, "value", 2, "mod_policy", 3);
    assertFields(ConfigPolicy.getDescriptor(), "version", 1, "policy", 2, "mod_policy", 3);
    assertFields(ConfigSignature.getDescriptor(), "signature_header", 1, "signature", 2);
    assertFields(SignatureHeader.getDescriptor(), "creator", 1, "nonce", 2);
    assertFields(Envelope.getDescriptor(), "payload", 1, "signature", 2);
    assertFields(Payload.getDescriptor(), "header", 1, "data", 2);
    assertFields(Header.getDescriptor(), "channel_header", 1, "signature_header", 2);
    assertThat(ChannelHeader.getDescriptor().findFieldByName("type").getNumber()).isEqualTo(1);
    assertThat(ChannelHeader.getDescriptor().findFieldByName("channel_id").getNumber()).isEqualTo(4);
    assertValues(HeaderType.getDescriptor(), "CONFIG", 1, "CONFIG_UPDATE", 2);
  }

  @Test
  @Tag("PROTO-08")
  void organisationValues() {
    assertFields(OrdererAddresses.getDescriptor(), "addresses", 1);
    assertFields(AnchorPeers.getDescriptor(), "anchor_peers", 1);
    assertFields(AnchorPeer.getDescriptor(), "host", 1, "port", 2);
    assertFields(Capabilities.getDescriptor(), "capabilities", 1);
  }
}
