package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.Reason;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.hyperledger.fabric.protos.common.Block;
import org.hyperledger.fabric.protos.common.ChannelHeader;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigEnvelope;
import org.hyperledger.fabric.protos.common.Envelope;
import org.hyperledger.fabric.protos.common.Header;
import org.hyperledger.fabric.protos.common.HeaderType;
import org.hyperledger.fabric.protos.common.Payload;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recognising a config block, a ConfigEnvelope or a Config, and refusing anything else. */
class ConfigBlocksTest {
  @TempDir static Path tmp;
  static Config config;

  @BeforeAll
  static void generate() {
    config = new TestOrgs(tmp).standard().build().toBuilder().setSequence(7).build();
  }

  private static ChannelConfigException refused(byte[] bytes) {
    return assertThrows(ChannelConfigException.class, () -> ConfigBlocks.decode(bytes));
  }

  @Test
  @Tag("PROTO-07")
  void aConfigBlockIsRecognisedWithItsChannelIdAndSequence() {
    DecodedConfig d = ConfigBlocks.decode(ConfigFixture.block("mychannel", config));
    assertThat(d.form()).isEqualTo(ConfigForm.BLOCK);
    assertThat(d.channelId()).contains("mychannel");
    assertThat(d.blockNumber()).hasValue(0);
    assertThat(d.sequence()).isEqualTo(7);
    assertThat(d.config()).isEqualTo(config);
  }

  @Test
  @Tag("PROTO-07")
  void aBareConfigEnvelopeIsRecognised() {
    DecodedConfig d = ConfigBlocks.decode(ConfigEnvelope.newBuilder().setConfig(config).build().toByteArray());
    assertThat(d.form()).isEqualTo(ConfigForm.CONFIG_ENVELOPE);
    assertThat(d.channelId()).isEmpty();
    assertThat(d.config()).isEqualTo(config);
  }

  @Test
  @Tag("PROTO-07")
  void aConfigEnvelopeTakesItsChannelIdFromTheLastUpdateHeader() {
    Payload update = Payload.newBuilder()
        .setHeader(Header.newBuilder().setChannelHeader(ChannelHeader.newBuilder()
            .setType(HeaderType.CONFIG_UPDATE_VALUE).setChannelId("updated").build().toByteString()))
        .build();
    byte[] bytes = ConfigEnvelope.newBuilder().setConfig(config)
        .setLastUpdate(Envelope.newBuilder().setPayload(update.toByteString()).setSignature(ByteString.copyFromUtf8("sig")))
        .build().toByteArray();
    DecodedConfig d = ConfigBlocks.decode(bytes);
    assertThat(d.form()).isEqualTo(ConfigForm.CONFIG_ENVELOPE);
    assertThat(d.channelId()).contains("updated");
  }

  @Test
  @Tag("PROTO-07")
  void aBareConfigIsRecognisedWithOrWithoutASequence() {
    for (Config c : new Config[] {config, config.toBuilder().setSequence(0).build()}) {
      DecodedConfig d = ConfigBlocks.decode(c.toByteArray());
      assertThat(d.form()).isEqualTo(ConfigForm.CONFIG);
      assertThat(d.channelId()).isEmpty();
      assertThat(d.config()).isEqualTo(c);
    }
  }

  @Test
  @Tag("PROTO-07")
  void aTransactionBlockIsNotAConfigBlock() {
    ChannelConfigException e = refused(ConfigFixture.block("mychannel", config, HeaderType.ENDORSER_TRANSACTION));
    assertThat(e.reason()).isEqualTo(Reason.NOT_A_CONFIG_BLOCK);
    assertThat(e.rule()).isEqualTo("PROTO-07");
    assertThat(e.path()).isEqualTo("Block.data[0].payload.header.channel_header");
    assertThat(e.getMessage()).contains("ENDORSER_TRANSACTION (3)").contains("not a config block");
  }

  @Test
  @Tag("PROTO-07")
  void aTruncatedBlockSaysWhereTheBytesEnd() {
    byte[] block = ConfigFixture.block("mychannel", config);
    for (int cut : new int[] {block.length - 1, block.length / 2, 40, 3}) {
      ChannelConfigException e = refused(Arrays.copyOf(block, cut));
      assertThat(e.reason()).as("cut at %d", cut).isEqualTo(Reason.CONFIG_BLOCK_MALFORMED);
      assertThat(e.getMessage()).contains("expected a config block, a ConfigEnvelope or a Config")
          .containsPattern("field \\d+ declares \\d+ bytes but only \\d+ remain");
      assertThat(e.path()).matches("byte \\d+");
    }
  }

  @Test
  @Tag("PROTO-07")
  void aBlockWithAnUndecodableEnvelopeNamesTheEnvelope() {
    Block good = parse(ConfigFixture.block("mychannel", config));
    Block bad = good.toBuilder().setData(good.getData().toBuilder().setData(0, ByteString.copyFrom(new byte[] {0x0a, 0x05, 1}))).build();
    ChannelConfigException e = refused(bad.toByteArray());
    assertThat(e.path()).isEqualTo("Block.data[0]");
    assertThat(e.getMessage()).contains("not an Envelope");
  }

  @Test
  @Tag("PROTO-07")
  void aConfigBlockWhosePayloadIsNotAConfigEnvelopeNamesThePayloadData() throws Exception {
    Block good = parse(ConfigFixture.block("mychannel", config));
    Envelope env = Envelope.parseFrom(good.getData().getData(0));
    Payload p = Payload.parseFrom(env.getPayload()).toBuilder().setData(ByteString.copyFrom(new byte[] {0x12, 0x09})).build();
    Block bad = good.toBuilder().setData(good.getData().toBuilder()
        .setData(0, env.toBuilder().setPayload(p.toByteString()).build().toByteString())).build();
    ChannelConfigException e = refused(bad.toByteArray());
    assertThat(e.path()).isEqualTo("Block.data[0].payload.data");
    assertThat(e.getMessage()).contains("not a ConfigEnvelope");
  }

  @Test
  @Tag("PROTO-07")
  void aConfigBlockWithoutAConfigSaysSo() throws Exception {
    Block good = parse(ConfigFixture.block("mychannel", config));
    Envelope env = Envelope.parseFrom(good.getData().getData(0));
    Payload p = Payload.parseFrom(env.getPayload()).toBuilder().setData(ByteString.EMPTY).build();
    Block bad = good.toBuilder().setData(good.getData().toBuilder()
        .setData(0, env.toBuilder().setPayload(p.toByteString()).build().toByteString())).build();
    ChannelConfigException e = refused(bad.toByteArray());
    assertThat(e.path()).isEqualTo("Block.data[0].payload.data");
    assertThat(e.getMessage()).contains("has no config");
  }

  @Test
  @Tag("PROTO-07")
  void garbageAndEmptyInputAreRefused() {
    assertThat(refused(new byte[0]).getMessage()).contains("empty");
    Random random = new Random(42);
    for (int i = 0; i < 200; i++) {
      byte[] junk = new byte[1 + random.nextInt(300)];
      random.nextBytes(junk);
      try {
        DecodedConfig d = ConfigBlocks.decode(junk);
        // Random bytes that happen to be a whole Config with a channel group must still load-fail.
        assertThrows(ChannelConfigException.class, () -> Channel.load(d, ChannelOptions.defaults()));
      } catch (ChannelConfigException e) {
        assertThat(e.reason()).isIn(Reason.CONFIG_BLOCK_MALFORMED, Reason.NOT_A_CONFIG_BLOCK);
      }
    }
    ChannelConfigException text = refused("not a block at all\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThat(text.path()).isEqualTo("byte 0");
    assertThat(text.getMessage()).contains("expected a config block, a ConfigEnvelope or a Config");
    // A whole protobuf message of another shape: each form says why it is not that form.
    ChannelConfigException other = refused(Config.newBuilder().setSequence(5).build().toByteArray());
    assertThat(other.path()).isEqualTo("input");
    assertThat(other.getMessage()).contains("as a Block: has fields [1]").contains("as a ConfigEnvelope:")
        .contains("as a Config: has no channel_group");
  }

  private static Block parse(byte[] b) {
    try {
      return Block.parseFrom(b);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      throw new AssertionError(e);
    }
  }
}
