package io.msp4j.channel.internal.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.msp4j.testdata.fuzz.ShortRun;
import java.util.List;
import java.util.Random;
import org.hyperledger.fabric.protos.common.Capabilities;
import org.hyperledger.fabric.protos.common.Capability;
import org.hyperledger.fabric.protos.common.OrdererAddresses;
import org.hyperledger.fabric.protos.common.Policy;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.FabricNodeOUs;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.hyperledger.fabric.protos.orderer.BatchSize;
import org.hyperledger.fabric.protos.peer.AnchorPeer;
import org.hyperledger.fabric.protos.peer.AnchorPeers;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Values decoded as views of the config's bytes (the shortcut) against {@code parseFrom} (the
 * reference): the same message or the same error, on valid values, their mutations and random
 * bytes; and the views really share the bytes.
 */
class GroupValuesTest {
  private static final List<Parser<? extends Message>> PARSERS = List.of(MSPConfig.parser(),
      FabricMSPConfig.parser(), Policy.parser(), Capabilities.parser(), OrdererAddresses.parser(),
      AnchorPeers.parser(), BatchSize.parser());

  private static List<Message> samples() {
    FabricMSPConfig fabric = FabricMSPConfig.newBuilder().setName("Org1MSP")
        .addRootCerts(ByteString.copyFromUtf8("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"))
        .addAdmins(ByteString.copyFrom(new byte[300]))
        .setFabricNodeOus(FabricNodeOUs.newBuilder().setEnable(true)).build();
    return List.of(
        MSPConfig.newBuilder().setConfig(fabric.toByteString()).build(),
        fabric,
        Policy.newBuilder().setType(1).setValue(ByteString.copyFromUtf8("rule")).build(),
        Capabilities.newBuilder().putCapabilities("V3_0", Capability.getDefaultInstance()).build(),
        OrdererAddresses.newBuilder().addAddresses("orderer.example.com:7050").build(),
        AnchorPeers.newBuilder().addAnchorPeers(AnchorPeer.newBuilder().setHost("peer0").setPort(7051)).build(),
        BatchSize.newBuilder().setMaxMessageCount(10).setAbsoluteMaxBytes(99).build());
  }

  /** The message or the error text, decoded one way or the other. */
  private static Object decode(Parser<? extends Message> parser, ByteString bytes, boolean aliased) {
    try {
      return aliased ? GroupValues.parseAliased(parser, bytes) : parser.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      return "error: " + e.getMessage();
    }
  }

  private static void same(Parser<? extends Message> parser, ByteString bytes) {
    assertThat(decode(parser, bytes, true)).isEqualTo(decode(parser, bytes, false));
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  @Tag("CHANNEL-MSP-02")
  void aliasedDecodingGivesWhatParseFromGivesOnValidMutatedAndRandomValues() {
    Random random = new Random(14);
    int errors = 0;
    for (Message sample : samples()) {
      byte[] valid = sample.toByteArray();
      for (Parser<? extends Message> parser : PARSERS) {
        same(parser, ByteString.copyFrom(valid));
        for (int i = 0; i < 300; i++) {
          byte[] b = valid.clone();
          switch (i % 3) {
            case 0 -> b[random.nextInt(b.length)] = (byte) random.nextInt(256);
            case 1 -> b = java.util.Arrays.copyOf(b, random.nextInt(b.length + 1));
            default -> b = java.util.Arrays.copyOf(b, b.length + 1 + random.nextInt(4));
          }
          same(parser, ByteString.copyFrom(b));
          errors += decode(parser, ByteString.copyFrom(b), false) instanceof String ? 1 : 0;
        }
      }
    }
    for (int i = 0; i < 2000; i++) {
      byte[] b = new byte[random.nextInt(64)];
      random.nextBytes(b);
      same(PARSERS.get(i % PARSERS.size()), ByteString.copyFrom(b));
    }
    assertThat(errors).as("near misses that fail reach the error path").isGreaterThan(100);
  }

  @Test
  @Tag("CHANNEL-MSP-03")
  void anMspValueDecodedAsAViewSharesTheConfigsBytes() throws Exception {
    MSPConfig sample = (MSPConfig) samples().get(0);
    byte[] wire = sample.toByteArray();
    ByteString value = ByteString.copyFrom(wire);
    MSPConfig view = GroupValues.parseAliased(MSPConfig.parser(), value);
    assertThat(view).isEqualTo(sample);
    // A view over a sub-range of the value: substring of it, not a copy.
    ByteString config = view.getConfig();
    assertThat(config.getClass().getSimpleName()).isEqualTo("BoundedByteString");
    assertThat(GroupValues.parseAliased(MSPConfig.parser(), ByteString.EMPTY))
        .isEqualTo(MSPConfig.getDefaultInstance());
  }

  @FuzzTest(maxDuration = "12h")
  void aliasedDecodingIsPlainDecoding(byte[] bytes) {
    if (bytes.length == 0) {
      return;
    }
    same(PARSERS.get(Byte.toUnsignedInt(bytes[0]) % PARSERS.size()),
        ByteString.copyFrom(bytes, 1, bytes.length - 1));
  }

  @Test
  @Tag("CONFIGTX-UPDATE-14")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "aliasedDecodingIsPlainDecoding", 300,
        this::aliasedDecodingIsPlainDecoding)).isGreaterThan(300);
  }

  /** Writes the seed inputs of the fuzz target (run once; the files are committed). */
  public static void main(String[] args) throws Exception {
    java.nio.file.Path dir = java.nio.file.Path.of(args.length > 0 ? args[0] : "src/test/resources",
        "io/msp4j/channel/internal/load/GroupValuesTestInputs/aliasedDecodingIsPlainDecoding");
    java.nio.file.Files.createDirectories(dir);
    List<Message> s = samples();
    for (int i = 0; i < s.size(); i++) {
      byte[] body = s.get(i).toByteArray();
      byte[] seed = new byte[body.length + 1];
      seed[0] = (byte) i;
      System.arraycopy(body, 0, seed, 1, body.length);
      java.nio.file.Files.write(dir.resolve("sample-" + i), seed);
    }
  }
}
