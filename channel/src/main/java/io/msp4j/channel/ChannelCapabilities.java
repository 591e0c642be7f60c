package io.msp4j.channel;

import io.msp4j.core.MspVersion;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The capabilities a channel configuration requires, by level: the {@code Capabilities} values at
 * {@code /Channel}, {@code /Channel/Orderer} and {@code /Channel/Application} (only the names
 * count, as in Fabric). Decides the channel MSPs' version (VER-02) and which of Fabric's
 * version-dependent rules apply when the configuration is loaded.
 *
 * @param channel the names at {@code /Channel}
 * @param orderer the names at {@code /Channel/Orderer}
 * @param application the names at {@code /Channel/Application}
 */
public record ChannelCapabilities(Set<String> channel, Set<String> orderer, Set<String> application) {
  private static final Set<String> CHANNEL_KNOWN_V3 =
      Set.of("V1_1", "V1_3", "V1_4_2", "V1_4_3", "V2_0", "V3_0");
  private static final Set<String> ORDERER_KNOWN = Set.of("V1_1", "V1_4_2", "V2_0");
  private static final Set<String> APPLICATION_KNOWN =
      Set.of("V1_1", "V1_2", "V1_3", "V1_4_2", "V2_0", "V2_5",
          "V1_1_PVTDATA_EXPERIMENTAL", "V1_1_RESOURCETREE_EXPERIMENTAL");

  public ChannelCapabilities {
    channel = Collections.unmodifiableSet(new TreeSet<>(channel));
    orderer = Collections.unmodifiableSet(new TreeSet<>(orderer));
    application = Collections.unmodifiableSet(new TreeSet<>(application));
  }

  /** No capabilities at any level. */
  public static ChannelCapabilities none() {
    return new ChannelCapabilities(Set.of(), Set.of(), Set.of());
  }

  /**
   * The MSP version of the channel's MSPs (VER-02): {@code V3_0} gives 3.0; else {@code V1_4_3}
   * or {@code V2_0} give 1.4.3; else {@code V1_3} or {@code V1_4_2} give 1.3; else {@code V1_1}
   * gives 1.1; else 1.0. Other names do not count.
   */
  public MspVersion mspVersion() {
    if (channel.contains("V3_0")) {
      return MspVersion.V3_0;
    }
    if (channel.contains("V1_4_3") || channel.contains("V2_0")) {
      return MspVersion.V1_4_3;
    }
    if (channel.contains("V1_3") || channel.contains("V1_4_2")) {
      return MspVersion.V1_3;
    }
    if (channel.contains("V1_1")) {
      return MspVersion.V1_1;
    }
    return MspVersion.V1_0;
  }

  /** Whether orderer orgs may carry their own {@code Endpoints} (channel V1_4_2 or later). */
  public boolean orgSpecificOrdererEndpoints() {
    return channel.contains("V1_4_2") || channel.contains("V1_4_3")
        || channel.contains("V2_0") || channel.contains("V3_0");
  }

  /**
   * Whether the channel requires Fabric v3 ({@code V3_0}): orderer orgs must then have endpoints
   * and the global {@code OrdererAddresses} must be empty.
   */
  public boolean v3() {
    return channel.contains("V3_0");
  }

  /** Whether the application level allows an {@code ACLs} value (application V1_2 or later). */
  public boolean applicationAcls() {
    return application.contains("V1_2") || application.contains("V1_3")
        || application.contains("V1_4_2") || application.contains("V2_0")
        || application.contains("V2_5");
  }

  /**
   * The capabilities a Fabric v3.0 node does not know, each as {@code "Channel capability X"},
   * {@code "Orderer capability X"} or {@code "Application capability X"}. Loading a configuration
   * does not check this (Fabric's bundle does not either); a v3 peer refuses a channel with an
   * unknown channel or application capability, a v3 orderer one with an unknown channel or
   * orderer capability.
   */
  public List<String> unsupportedByFabricV3() {
    List<String> out = new ArrayList<>();
    unknown(out, "Channel", channel, CHANNEL_KNOWN_V3);
    unknown(out, "Orderer", orderer, ORDERER_KNOWN);
    unknown(out, "Application", application, APPLICATION_KNOWN);
    return List.copyOf(out);
  }

  /**
   * As {@link #unsupportedByFabricV3()} for a Fabric v2.5 node, which does not know the channel
   * capability {@code V3_0} either.
   */
  public List<String> unsupportedByFabricV25() {
    List<String> out = new ArrayList<>();
    Set<String> known = new TreeSet<>(CHANNEL_KNOWN_V3);
    known.remove("V3_0");
    unknown(out, "Channel", channel, known);
    unknown(out, "Orderer", orderer, ORDERER_KNOWN);
    unknown(out, "Application", application, APPLICATION_KNOWN);
    return List.copyOf(out);
  }

  private static void unknown(List<String> out, String level, Set<String> have, Set<String> known) {
    for (String c : have) {
      if (!known.contains(c)) {
        out.add(level + " capability " + c);
      }
    }
  }
}
