package io.msp4j.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class DeepMessagesTest {

  /** OR(OR(...OR('member')...)): two protobuf levels per gate. */
  private static SignaturePolicyEnvelope nested(int gates) {
    SignaturePolicy rule = SignaturePolicy.newBuilder().setSignedBy(0).build();
    for (int i = 0; i < gates; i++) {
      rule = SignaturePolicy.newBuilder()
          .setNOutOf(SignaturePolicy.NOutOf.newBuilder().setN(1).addRules(rule)).build();
    }
    return SignaturePolicyEnvelope.newBuilder().setRule(rule).build();
  }

  @Test
  @Tag("POLICY-SIG-01")
  @Tag("LIMIT-09")
  void shallowAndDeepPoliciesDecodeAsGoDecodesThem() throws Exception {
    for (int gates : new int[] {1, 49, 50, 60, 2_000}) {
      SignaturePolicyEnvelope env = nested(gates);
      ByteString bytes = DeepMessages.walk(env::toByteString, "encoding");

      SignaturePolicyEnvelope back = DeepMessages.parse(SignaturePolicyEnvelope.parser(), bytes);

      assertThat(DeepMessages.walk(back::toByteString, "encoding")).as("%d gates", gates).isEqualTo(bytes);
    }
  }

  @Test
  @Tag("POLICY-SIG-01")
  @Tag("LIMIT-09")
  void messagesNestedBeyondGosLimitAreRefusedAsGoRefusesThem() {
    // 5,000 gates: 10,001 levels, one more than Go's decoder accepts.
    ByteString bytes = DeepMessages.walk(() -> nested(5_000).toByteString(), "encoding");

    InvalidProtocolBufferException e = assertThrows(InvalidProtocolBufferException.class,
        () -> DeepMessages.parse(SignaturePolicyEnvelope.parser(), bytes));
    assertThat(e.getMessage()).contains("too many levels of nesting");
  }

  @Test
  void otherDecodingFailuresAreReportedAsTheyAre() {
    InvalidProtocolBufferException e = assertThrows(InvalidProtocolBufferException.class,
        () -> DeepMessages.parse(SignaturePolicyEnvelope.parser(), new byte[] {0x12, 0x05, 0x01}));
    assertThat(e.getMessage()).doesNotContain("nesting");
  }
}
