package io.msp4j.channel.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.msp4j.channel.json.FabricJson;
import io.msp4j.channel.json.FabricJsonException;
import io.msp4j.core.Reason;
import io.msp4j.testdata.fuzz.ShortRun;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.ConfigUpdate;
import org.hyperledger.fabric.protos.common.ConfigUpdateEnvelope;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * configtxlator's JSON and the messages behind it, from strangers: reading JSON fails only with
 * {@link FabricJsonException}; what reads prints and reads back to the same message; any message
 * that prints reads back to a message that prints the same text. Byte 0 of an input picks the
 * message type ({@link #TYPES}); the rest is the JSON text or the protobuf bytes.
 */
class FabricJsonFuzzTest {
  static final List<Message> TYPES = List.of(
      Block.getDefaultInstance(), Envelope.getDefaultInstance(), Config.getDefaultInstance(),
      ConfigEnvelope.getDefaultInstance(), ConfigUpdate.getDefaultInstance(),
      ConfigUpdateEnvelope.getDefaultInstance(), Policy.getDefaultInstance(), MSPConfig.getDefaultInstance());

  @FuzzTest(maxDuration = "12h")
  void jsonReadsBackToTheSameMessage(byte[] data) {
    if (data.length == 0) {
      return;
    }
    Message type = TYPES.get((data[0] & 0xff) % TYPES.size());
    String json = new String(data, 1, data.length - 1, StandardCharsets.UTF_8);
    Message m;
    try {
      m = FabricJson.parse(json, type);
    } catch (FabricJsonException e) {
      assertThat(e.reason()).isEqualTo(Reason.CONFIG_JSON_UNDECODABLE);
      assertThat(e.getMessage()).isNotBlank();
      return;
    }
    String printed = FabricJson.print(m);
    Message back = FabricJson.parse(printed, type);
    assertThat(back).isEqualTo(m);
    assertThat(FabricJson.print(back)).isEqualTo(printed);
  }

  @FuzzTest(maxDuration = "12h")
  void printedMessagesReadBackToTheSameText(byte[] data) {
    if (data.length == 0) {
      return;
    }
    Message type = TYPES.get((data[0] & 0xff) % TYPES.size());
    Message m;
    try {
      m = type.getParserForType().parseFrom(Arrays.copyOfRange(data, 1, data.length));
    } catch (InvalidProtocolBufferException e) {
      return;
    }
    String printed;
    try {
      printed = FabricJson.print(m);
    } catch (FabricJsonException e) {
      assertThat(e.reason()).isEqualTo(Reason.CONFIG_JSON_UNDECODABLE);
      return;
    }
    Message back = FabricJson.parse(printed, type);
    assertThat(FabricJson.print(back)).isEqualTo(printed);
  }

  @Test
  @Tag("CONFIG-JSON")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "jsonReadsBackToTheSameMessage", 400, this::jsonReadsBackToTheSameMessage)).isGreaterThan(400);
    assertThat(ShortRun.run(getClass(), "printedMessagesReadBackToTheSameText", 400, this::printedMessagesReadBackToTheSameText)).isGreaterThan(400);
  }
}
