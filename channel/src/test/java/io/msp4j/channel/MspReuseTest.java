package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.hyperledger.fabric.protos.common.Config;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading a channel that takes unchanged org MSPs from a channel loaded before. */
class MspReuseTest {
  @TempDir static Path tmp;
  static TestOrgs orgs;
  static Channel first;

  @BeforeAll
  static void load() {
    orgs = new TestOrgs(tmp);
    first = Channel.load(orgs.standard().build());
  }

  @Test
  @Tag("CHANNEL-MSP-05")
  void byteIdenticalMspValuesAtTheSameVersionTakeTheEarlierMsp() {
    Channel again = Channel.load(new DecodedConfig(ConfigForm.CONFIG, java.util.Optional.empty(),
        java.util.OptionalLong.empty(), first.config()),
        ChannelOptions.defaults().withReuse(MspReuse.from(first)));
    for (ChannelOrg o : again.orgs()) {
      assertThat(o.msp()).isSameAs(first.msp(o.mspId()).orElseThrow());
    }
    Channel fresh = Channel.load(first.config());
    assertThat(fresh.msp("Org1MSP").orElseThrow())
        .isNotSameAs(first.msp("Org1MSP").orElseThrow());
  }

  @Test
  @Tag("CHANNEL-MSP-01")
  void anotherMspVersionSetsEveryMspUpAgain() {
    Config v2 = orgs.standard().channelCapabilities("V2_0").build();
    Channel at143 = Channel.load(new DecodedConfig(ConfigForm.CONFIG, java.util.Optional.empty(),
        java.util.OptionalLong.empty(), v2),
        ChannelOptions.defaults().withReuse(MspReuse.from(first)));
    assertThat(at143.mspVersion()).isNotEqualTo(first.mspVersion());
    for (ChannelOrg o : at143.orgs()) {
      assertThat(o.msp()).isNotSameAs(first.msp(o.mspId()).orElseThrow());
      assertThat(o.msp().version()).isEqualTo(at143.mspVersion());
    }
  }
}
