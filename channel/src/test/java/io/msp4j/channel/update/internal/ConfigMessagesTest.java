package io.msp4j.channel.update.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.hyperledger.fabric.protos.common.Capabilities;
import org.hyperledger.fabric.protos.common.Capability;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.orderer.BatchSize;
import org.hyperledger.fabric.protos.orderer.ConsensusType;
import org.hyperledger.fabric.protos.orderer.etcdraft.ConfigMetadata;
import org.hyperledger.fabric.protos.orderer.etcdraft.Consenter;
import org.hyperledger.fabric.protos.orderer.etcdraft.Options;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Config values and policies compared as the messages their key or type names. */
@Tag("CONFIGTX-UPDATE-07")
class ConfigMessagesTest {

  /** Fields 1 and 2 as varints, written in the order given (protobuf allows any field order). */
  private static ByteString varints(int first, long a, int second, long b) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    CodedOutputStream c = CodedOutputStream.newInstance(out);
    c.writeUInt64(first, a);
    c.writeUInt64(second, b);
    c.flush();
    return ByteString.copyFrom(out.toByteArray());
  }

  private static ByteString capabilities(String... names) {
    Capabilities.Builder b = Capabilities.newBuilder();
    for (String n : names) {
      b.putCapabilities(n, Capability.getDefaultInstance());
    }
    return b.build().toByteString();
  }

  @Test
  void mapEntriesInAnotherOrderAreTheSameCapabilities() {
    ByteString a = capabilities("V2_0", "V3_0");
    ByteString b = capabilities("V3_0", "V2_0");
    assertThat(a).isNotEqualTo(b);
    assertThat(ConfigMessages.sameValue("Capabilities", a, b)).isTrue();
    assertThat(ConfigMessages.sameValue("Capabilities", a, capabilities("V2_0"))).isFalse();
  }

  @Test
  void fieldsInAnotherOrderAreTheSameBatchSize() throws IOException {
    ByteString a = varints(1, 500, 2, 10 << 20);
    ByteString b = varints(2, 10 << 20, 1, 500);
    assertThat(BatchSize.parseFrom(a)).isEqualTo(BatchSize.parseFrom(b));
    assertThat(ConfigMessages.sameValue("BatchSize", a, b)).isTrue();
    assertThat(ConfigMessages.sameValue("BatchSize", a, varints(1, 501, 2, 10 << 20))).isFalse();
  }

  @Test
  void consensusMetadataIsComparedAsTheMessageOfItsType() {
    ConfigMetadata consenters = ConfigMetadata.newBuilder().addConsenters(Consenter.newBuilder()
        .setHost("orderer0.example.com").setPort(7050)).build();
    ConfigMetadata options = ConfigMetadata.newBuilder().setOptions(Options.newBuilder()
        .setTickInterval("500ms").setElectionTick(10)).build();
    ByteString inOrder = consenters.toByteString().concat(options.toByteString());
    ByteString swapped = options.toByteString().concat(consenters.toByteString());
    assertThat(inOrder).isNotEqualTo(swapped);
    assertThat(ConfigMessages.sameValue("ConsensusType", consensus("etcdraft", inOrder),
        consensus("etcdraft", swapped))).isTrue();
    assertThat(ConfigMessages.sameValue("ConsensusType", consensus("etcdraft", inOrder),
        consensus("etcdraft", consenters.toByteString()))).isFalse();
    assertThat(ConfigMessages.sameValue("ConsensusType", consensus("unknown", inOrder),
        consensus("unknown", swapped))).isFalse();
  }

  private static ByteString consensus(String type, ByteString metadata) {
    return ConsensusType.newBuilder().setType(type).setMetadata(metadata).build().toByteString();
  }

  @Test
  void aKeyOfUnknownTypeIsComparedByItsBytes() {
    ByteString a = capabilities("V2_0", "V3_0");
    ByteString b = capabilities("V3_0", "V2_0");
    assertThat(ConfigMessages.sameValue("SomethingElse", a, b)).isFalse();
    assertThat(ConfigMessages.sameValue("SomethingElse", a, a)).isTrue();
  }

  @Test
  void bytesThatDoNotDecodeAreComparedAsBytes() {
    ByteString broken = ByteString.copyFrom(new byte[] {0x0a, 0x7f});
    assertThat(ConfigMessages.sameValue("ACLs", broken, ByteString.copyFrom(broken.toByteArray())))
        .isTrue();
    assertThat(ConfigMessages.sameValue("ACLs", broken, ByteString.EMPTY)).isFalse();
  }

  @Test
  void implicitMetaPolicyValuesAreComparedAsMessages() throws IOException {
    ImplicitMetaPolicy p = ImplicitMetaPolicy.newBuilder().setSubPolicy("Admins")
        .setRule(ImplicitMetaPolicy.Rule.MAJORITY).build();
    ByteString canonical = p.toByteString();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    CodedOutputStream c = CodedOutputStream.newInstance(out);
    c.writeEnum(2, ImplicitMetaPolicy.Rule.MAJORITY_VALUE);
    c.writeString(1, "Admins");
    c.flush();
    ByteString swapped = ByteString.copyFrom(out.toByteArray());
    assertThat(swapped).isNotEqualTo(canonical);
    Policy a = Policy.newBuilder().setType(Policy.PolicyType.IMPLICIT_META_VALUE)
        .setValue(canonical).build();
    Policy b = a.toBuilder().setValue(swapped).build();
    assertThat(ConfigMessages.samePolicy(a, b)).isTrue();
    assertThat(ConfigMessages.samePolicy(a, b.toBuilder()
        .setType(Policy.PolicyType.SIGNATURE_VALUE).build())).isFalse();
  }
}
