package io.msp4j.channel.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.msp4j.channel.Channel;
import io.msp4j.channel.ChannelConfigException;
import io.msp4j.channel.json.FabricJson;
import io.msp4j.channel.json.FabricJsonException;
import io.msp4j.testdata.fuzz.ShortRun;
import java.util.List;
import java.util.TreeSet;
import org.hyperledger.fabric.protos.common.Config;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Config blocks from strangers (a peer joining a channel, a block from the ordering service):
 * loading either gives a channel or fails with a {@link ChannelConfigException} that names the
 * place, reason and rule; a loaded channel loads again from its own {@code Config} and from that
 * config's configtxlator JSON with the same organisations, MSP version and policy tree.
 */
class ChannelFuzzTest {

  @FuzzTest(maxDuration = "12h")
  void configBlocksLoadOrFailWithAChannelError(byte[] bytes) {
    Channel channel;
    try {
      channel = Channel.load(bytes);
    } catch (ChannelConfigException e) {
      assertThat(e.reason()).isNotNull();
      assertThat(e.rule()).isNotBlank();
      assertThat(e.path()).isNotBlank();
      return;
    }
    Channel again = Channel.load(channel.config());
    assertThat(summary(again)).isEqualTo(summary(channel));
    String json;
    try {
      json = FabricJson.print(channel.config());
    } catch (FabricJsonException e) {
      return; // a value configtxlator cannot print either (its key is unknown in its place)
    }
    Channel fromJson = Channel.load(FabricJson.parse(json, Config.getDefaultInstance()));
    assertThat(summary(fromJson)).isEqualTo(summary(channel));
  }

  private static List<Object> summary(Channel c) {
    return List.of(c.mspVersion(),
        c.orgs().stream().map(o -> o.groupPath() + " " + o.kind() + " " + o.mspId()).toList(),
        new TreeSet<>(c.policies().policies().keySet()), new TreeSet<>(c.msps().keySet()));
  }

  @Test
  @Tag("CHANNEL-MSP-01")
  @Tag("POLICY-MGR-01")
  void shortRunOfEveryTarget() {
    assertThat(ShortRun.run(getClass(), "configBlocksLoadOrFailWithAChannelError", 100,
        this::configBlocksLoadOrFailWithAChannelError)).isGreaterThan(100);
  }

  @Test
  @Tag("LIMIT-11")
  void aConfigurationLargerThanFabricsMessageLimitIsRefusedBeforeDecoding() {
    ChannelConfigException e = org.junit.jupiter.api.Assertions.assertThrows(ChannelConfigException.class,
        () -> io.msp4j.channel.ConfigBlocks.decode(new byte[io.msp4j.core.InputLimits.MAX_CONFIG_BLOCK_BYTES + 1]));
    assertThat(e.reason()).isEqualTo(io.msp4j.core.Reason.LIMIT_EXCEEDED);
    assertThat(e.rule()).isEqualTo("LIMIT-11");
    assertThat(e.getMessage()).contains("configuration's size");
  }
}
