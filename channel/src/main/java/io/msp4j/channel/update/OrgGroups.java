package io.msp4j.channel.update;

import java.util.Map;
import java.util.TreeMap;
import org.hyperledger.fabric.protos.common.Config;
import org.hyperledger.fabric.protos.common.ConfigGroup;

/** The org groups of a config by path: under Application, Orderer, and each consortium. */
final class OrgGroups {
  private OrgGroups() {}

  static Map<String, ConfigGroup> of(Config config) {
    Map<String, ConfigGroup> out = new TreeMap<>();
    ConfigGroup root = config.getChannelGroup();
    for (String section : new String[] {"Application", "Orderer"}) {
      ConfigGroup s = root.getGroupsMap().get(section);
      if (s != null) {
        s.getGroupsMap().forEach((k, g) -> out.put("/Channel/" + section + "/" + k, g));
      }
    }
    ConfigGroup consortiums = root.getGroupsMap().get("Consortiums");
    if (consortiums != null) {
      consortiums.getGroupsMap().forEach((c, cg) -> cg.getGroupsMap().forEach(
          (k, g) -> out.put("/Channel/Consortiums/" + c + "/" + k, g)));
    }
    return out;
  }
}
