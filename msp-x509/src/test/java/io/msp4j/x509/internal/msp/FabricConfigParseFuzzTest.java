package io.msp4j.x509.internal.msp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The aliasing parse of {@code FabricMSPConfig} bytes (used on the reload and comparison paths)
 * accepts and refuses exactly what the plain copying parse does, and reads the same message.
 */
class FabricConfigParseFuzzTest {

  @FuzzTest(maxDuration = "12h")
  @Tag("SETUP-PARSE-01")
  void aliasingParseEqualsThePlainParse(byte[] data) {
    FabricMSPConfig plain;
    try {
      plain = FabricMSPConfig.parseFrom(ByteString.copyFrom(data));
    } catch (InvalidProtocolBufferException e) {
      assertThatThrownBy(() -> FabricConfigParse.aliasing(ByteString.copyFrom(data)))
          .isInstanceOf(InvalidProtocolBufferException.class);
      return;
    }
    FabricMSPConfig aliased;
    try {
      aliased = FabricConfigParse.aliasing(ByteString.copyFrom(data));
    } catch (InvalidProtocolBufferException e) {
      throw new AssertionError("the plain parse accepts what the aliasing parse refuses", e);
    }
    assertThat(aliased).isEqualTo(plain);
    assertThat(aliased.toByteString()).isEqualTo(plain.toByteString());
  }

  private static FabricMSPConfig sample() {
    return FabricMSPConfig.newBuilder()
        .setName("Org1MSP")
        .addRootCerts(ByteString.copyFrom("-----BEGIN CERTIFICATE-----\nroot\n", StandardCharsets.US_ASCII))
        .addRevocationList(ByteString.copyFrom(new byte[100_000]))
        .addRevocationList(ByteString.copyFrom("crl", StandardCharsets.US_ASCII))
        .build();
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void aConfigReadsTheSameAndItsByteFieldsShareTheInput() throws Exception {
    ByteString bytes = sample().toByteString();
    FabricMSPConfig aliased = FabricConfigParse.aliasing(bytes);
    assertThat(aliased).isEqualTo(sample());
    assertThat(aliased.getRevocationList(0).size()).isEqualTo(100_000);
    aliasingParseEqualsThePlainParse(bytes.toByteArray());
  }

  @Test
  @Tag("SETUP-PARSE-01")
  void malformedBytesAreRefusedByBothParses() {
    byte[] good = sample().toByteArray();
    byte[] truncated = Arrays.copyOf(good, good.length - 1);
    byte[] strayEndGroup = Arrays.copyOf(good, good.length + 1);
    strayEndGroup[good.length] = 0x0c; // field 1, wire type 4 (end group) at top level
    byte[] badWireType = {0x0f};
    for (byte[] bad : new byte[][] {truncated, strayEndGroup, badWireType}) {
      assertThatThrownBy(() -> FabricMSPConfig.parseFrom(ByteString.copyFrom(bad)))
          .isInstanceOf(InvalidProtocolBufferException.class);
      assertThatThrownBy(() -> FabricConfigParse.aliasing(ByteString.copyFrom(bad)))
          .isInstanceOf(InvalidProtocolBufferException.class);
      aliasingParseEqualsThePlainParse(bad);
    }
  }
}
