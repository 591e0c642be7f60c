package io.msp4j.channel.rotation.internal;

import com.google.protobuf.InvalidProtocolBufferException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigValue;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * The org groups of a channel config that carry one MSP ID (under {@code Application} and {@code
 * Orderer}: an org in both must carry the same MSP value, CHANNEL-MSP-07), read and written
 * together.
 */
public final class OrgMsps {
  private OrgMsps() {}

  /** Where an org group sits: its section key and its own key. */
  public record Place(String section, String key) {
    /** {@code /Channel/<section>/<key>}. */
    public String path() {
      return "/Channel/" + section + "/" + key;
    }
  }

  /** The places of the org groups whose X.509 MSP has this ID, Application first. */
  public static List<Place> find(Config config, String mspId) {
    List<Place> out = new ArrayList<>();
    for (String section : new String[] {"Application", "Orderer"}) {
      ConfigGroup s = config.getChannelGroup().getGroupsMap().get(section);
      if (s == null) {
        continue;
      }
      new java.util.TreeMap<>(s.getGroupsMap()).forEach((key, g) -> {
        fabric(g).filter(f -> f.getName().equals(mspId))
            .ifPresent(f -> out.add(new Place(section, key)));
      });
    }
    return List.copyOf(out);
  }

  /** The MSP IDs of every org group with an X.509 MSP, for messages. */
  public static List<String> mspIds(Config config) {
    java.util.TreeSet<String> out = new java.util.TreeSet<>();
    for (String section : new String[] {"Application", "Orderer"}) {
      ConfigGroup s = config.getChannelGroup().getGroupsMap().get(section);
      if (s != null) {
        s.getGroupsMap().values().forEach(g -> fabric(g).ifPresent(f -> out.add(f.getName())));
      }
    }
    return List.copyOf(out);
  }

  /** The X.509 MSP definition of the org group at {@code place}. */
  public static FabricMSPConfig read(Config config, Place place) {
    return fabric(group(config, place)).orElseThrow();
  }

  /** The config with the MSP definition of every place replaced by {@code msp}. */
  public static Config write(Config config, List<Place> places, FabricMSPConfig msp) {
    ConfigGroup.Builder root = config.getChannelGroup().toBuilder();
    for (Place p : places) {
      ConfigGroup section = root.getGroupsMap().get(p.section());
      ConfigGroup org = section.getGroupsMap().get(p.key());
      ConfigValue v = org.getValuesMap().get("MSP");
      MSPConfig m = MSPConfig.newBuilder().setType(0).setConfig(msp.toByteString()).build();
      ConfigGroup newOrg = org.toBuilder()
          .putValues("MSP", v.toBuilder().setValue(m.toByteString()).build()).build();
      root.putGroups(p.section(), section.toBuilder().putGroups(p.key(), newOrg).build());
    }
    return config.toBuilder().setChannelGroup(root).build();
  }

  private static ConfigGroup group(Config config, Place place) {
    return config.getChannelGroup().getGroupsMap().get(place.section()).getGroupsMap()
        .get(place.key());
  }

  private static Optional<FabricMSPConfig> fabric(ConfigGroup org) {
    ConfigValue v = org.getValuesMap().get("MSP");
    if (v == null) {
      return Optional.empty();
    }
    try {
      MSPConfig m = MSPConfig.parseFrom(v.getValue());
      return m.getType() == 0 ? Optional.of(FabricMSPConfig.parseFrom(m.getConfig()))
          : Optional.empty();
    } catch (InvalidProtocolBufferException e) {
      return Optional.empty();
    }
  }
}
