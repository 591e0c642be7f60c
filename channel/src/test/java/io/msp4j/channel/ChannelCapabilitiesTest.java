package io.msp4j.channel;

import static org.assertj.core.api.Assertions.assertThat;

import io.msp4j.core.MspVersion;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Channel capabilities: the MSP version they imply and what Fabric nodes refuse. */
class ChannelCapabilitiesTest {

  private static MspVersion version(String... channel) {
    return new ChannelCapabilities(Set.of(channel), Set.of(), Set.of()).mspVersion();
  }

  @Test
  @Tag("VER-02")
  void mspVersionComesFromTheChannelCapabilityNames() {
    assertThat(version()).isEqualTo(MspVersion.V1_0);
    assertThat(version("V1_1")).isEqualTo(MspVersion.V1_1);
    assertThat(version("V1_3")).isEqualTo(MspVersion.V1_3);
    assertThat(version("V1_4_2")).isEqualTo(MspVersion.V1_3);
    assertThat(version("V1_4_3")).isEqualTo(MspVersion.V1_4_3);
    assertThat(version("V2_0")).isEqualTo(MspVersion.V1_4_3);
    assertThat(version("V3_0")).isEqualTo(MspVersion.V3_0);
    // The highest present wins; unknown names do not count.
    assertThat(version("V1_1", "V2_0", "V3_0")).isEqualTo(MspVersion.V3_0);
    assertThat(version("V1_1", "V1_4_2")).isEqualTo(MspVersion.V1_3);
    assertThat(version("V2_5", "V9_9")).isEqualTo(MspVersion.V1_0);
    assertThat(version("v3_0")).isEqualTo(MspVersion.V1_0);
  }

  @Test
  @Tag("VER-02")
  void onlyTheChannelLevelCountsForTheVersion() {
    ChannelCapabilities c = new ChannelCapabilities(Set.of(), Set.of("V2_0"), Set.of("V2_5"));
    assertThat(c.mspVersion()).isEqualTo(MspVersion.V1_0);
  }

  @Test
  @Tag("VER-02")
  void fabricV3RefusesUnknownNamesAndV2_5AlsoRefusesV3_0() {
    ChannelCapabilities c = new ChannelCapabilities(Set.of("V3_0", "V9_9"), Set.of("V2_0", "V3_0"),
        Set.of("V2_5", "V1_1_PVTDATA_EXPERIMENTAL", "V3_0"));
    assertThat(c.unsupportedByFabricV3()).containsExactly(
        "Channel capability V9_9", "Orderer capability V3_0", "Application capability V3_0");
    assertThat(c.unsupportedByFabricV25()).containsExactly(
        "Channel capability V3_0", "Channel capability V9_9", "Orderer capability V3_0",
        "Application capability V3_0");
    assertThat(new ChannelCapabilities(Set.of("V2_0"), Set.of("V2_0"), Set.of("V2_5"))
        .unsupportedByFabricV25()).isEmpty();
  }

  @Test
  @Tag("DELTA25-01")
  void everyChannelFabricV25CanRunHasItsMspsAtVersion143OrBelow() {
    // Every combination of the channel capabilities Fabric v3 knows: those a v2.5 node accepts
    // give the versions v2.5 has; the others are exactly those that ask for V3_0, the only ones
    // whose MSPs are built at 3.0, and Fabric v3 runs them.
    List<String> known = List.of("V1_1", "V1_3", "V1_4_2", "V1_4_3", "V2_0", "V3_0");
    int runnableByV25 = 0;
    for (int mask = 0; mask < 1 << known.size(); mask++) {
      Set<String> names = new TreeSet<>();
      for (int i = 0; i < known.size(); i++) {
        if ((mask & 1 << i) != 0) {
          names.add(known.get(i));
        }
      }
      ChannelCapabilities c = new ChannelCapabilities(names, Set.of("V2_0"), Set.of("V2_5"));
      assertThat(c.unsupportedByFabricV3()).as("%s", names).isEmpty();
      if (c.unsupportedByFabricV25().isEmpty()) {
        runnableByV25++;
        assertThat(c.mspVersion()).as("%s", names).isNotEqualTo(MspVersion.V3_0);
        assertThat(MspVersion.V1_4_3.atLeast(c.mspVersion())).as("%s", names).isTrue();
      } else {
        assertThat(names).contains("V3_0");
        assertThat(c.unsupportedByFabricV25()).containsExactly("Channel capability V3_0");
        assertThat(c.mspVersion()).isEqualTo(MspVersion.V3_0);
      }
    }
    assertThat(runnableByV25).isEqualTo(1 << (known.size() - 1));
  }
}
