package io.msp4j.channel.update.internal;

import io.msp4j.channel.update.ConfigElementRef;
import io.msp4j.channel.update.ConfigElementRef.Kind;
import io.msp4j.channel.update.ConfigUpdateException;
import io.msp4j.core.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigValue;

/**
 * Rebuilds a config tree from a flattened, overlaid map (CONFIGTX-UPDATE-10): each group keeps
 * exactly the children its own record lists, each taken from the map. With the value {@code
 * /Channel/Orderer/Capabilities} present, empty mod_policies become {@code Admins}
 * (CONFIGTX-UPDATE-11).
 */
public final class ConfigRebuilder {
  private static final String RULE = "CONFIGTX-UPDATE-10";
  private static final ConfigElementRef ORDERER_CAPABILITIES = new ConfigElementRef(
      Kind.VALUE, List.of(ConfigMap.ROOT, "Orderer"), "Capabilities");
  private static final String FIXED_MOD_POLICY = "Admins";

  private final ConfigMap map;
  private final boolean fixModPolicies;

  private ConfigRebuilder(ConfigMap map) {
    this.map = map;
    this.fixModPolicies = map.contains(ORDERER_CAPABILITIES);
  }

  /**
   * The tree rooted at {@code /Channel}.
   *
   * @throws ConfigUpdateException with reason {@link Reason#CONFIG_REBUILD_FAILED} when a listed
   *     child is missing from the map or is of another kind
   */
  public static ConfigGroup rebuild(ConfigMap map) {
    return new ConfigRebuilder(map).group(List.of(), ConfigMap.ROOT);
  }

  private ConfigGroup group(List<String> parents, String key) {
    ConfigElementRef ref = new ConfigElementRef(Kind.GROUP, parents, key);
    ConfigElement element = map.get(ref).orElseThrow(() -> missing(ref));
    ConfigGroup record = element.group();
    List<String> here = new ArrayList<>(parents);
    here.add(key);
    List<String> path = List.copyOf(here);

    ConfigGroup.Builder b = record.toBuilder().clearGroups().clearValues().clearPolicies();
    if (fixModPolicies && b.getModPolicy().isEmpty()) {
      b.setModPolicy(FIXED_MOD_POLICY);
    }
    for (String child : record.getGroupsMap().keySet()) {
      b.putGroups(child, group(path, child));
    }
    for (String child : record.getValuesMap().keySet()) {
      ConfigValue v = (ConfigValue) child(new ConfigElementRef(Kind.VALUE, path, child));
      if (fixModPolicies && v.getModPolicy().isEmpty()) {
        v = v.toBuilder().setModPolicy(FIXED_MOD_POLICY).build();
      }
      b.putValues(child, v);
    }
    for (String child : record.getPoliciesMap().keySet()) {
      ConfigPolicy p = (ConfigPolicy) child(new ConfigElementRef(Kind.POLICY, path, child));
      if (fixModPolicies && p.getModPolicy().isEmpty()) {
        p = p.toBuilder().setModPolicy(FIXED_MOD_POLICY).build();
      }
      b.putPolicies(child, p);
    }
    return b.build();
  }

  private com.google.protobuf.Message child(ConfigElementRef ref) {
    Optional<ConfigElement> e = map.get(ref);
    return e.orElseThrow(() -> missing(ref)).record();
  }

  private static ConfigUpdateException missing(ConfigElementRef ref) {
    return new ConfigUpdateException(Reason.CONFIG_REBUILD_FAILED, RULE,
        "the config cannot be rebuilt: " + ref + " is listed by its group but missing");
  }
}
