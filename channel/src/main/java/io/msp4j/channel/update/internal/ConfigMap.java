package io.msp4j.channel.update.internal;

import io.msp4j.channel.update.ConfigElementRef;
import io.msp4j.channel.update.ConfigElementRef.Kind;
import io.msp4j.channel.update.ConfigUpdateException;
import io.msp4j.core.Reason;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hyperledger.fabric.protos.common.ConfigGroup;
import org.hyperledger.fabric.protos.common.ConfigPolicy;
import org.hyperledger.fabric.protos.common.ConfigValue;

/**
 * A config tree flattened into its elements by (kind, path) (CONFIGTX-UPDATE-05); every key on
 * the way is checked. Immutable once built.
 */
public final class ConfigMap {
  /** The key of the root group. */
  public static final String ROOT = "Channel";

  private final Map<ConfigElementRef, ConfigElement> elements;

  private ConfigMap(Map<ConfigElementRef, ConfigElement> elements) {
    this.elements = Collections.unmodifiableMap(elements);
  }

  /** An empty map, for an absent tree. */
  public static ConfigMap empty() {
    return new ConfigMap(new HashMap<>());
  }

  /**
   * Flattens a tree whose root is keyed {@code Channel}.
   *
   * @param what names the tree in messages ("the current config", "the write set")
   * @throws ConfigUpdateException with reason {@link Reason#CONFIG_KEY_INVALID} naming the first
   *     bad key found
   */
  public static ConfigMap of(ConfigGroup root, String what) {
    Map<ConfigElementRef, ConfigElement> out = new HashMap<>();
    walk(out, new ArrayList<>(), ROOT, root, what);
    return new ConfigMap(out);
  }

  /** Builds a map from elements already flattened (the overlaid map of an update). */
  public static ConfigMap ofElements(Map<ConfigElementRef, ConfigElement> elements) {
    return new ConfigMap(new HashMap<>(elements));
  }

  private static void walk(
      Map<ConfigElementRef, ConfigElement> out, List<String> parents, String key, ConfigGroup group,
      String what) {
    add(out, new ConfigElementRef(Kind.GROUP, parents, key), group, what);
    List<String> here = new ArrayList<>(parents);
    here.add(key);
    List<String> herePath = List.copyOf(here);
    for (Map.Entry<String, ConfigGroup> g : group.getGroupsMap().entrySet()) {
      walk(out, here, g.getKey(), g.getValue(), what);
    }
    for (Map.Entry<String, ConfigValue> v : group.getValuesMap().entrySet()) {
      add(out, new ConfigElementRef(Kind.VALUE, herePath, v.getKey()), v.getValue(), what);
    }
    for (Map.Entry<String, ConfigPolicy> p : group.getPoliciesMap().entrySet()) {
      add(out, new ConfigElementRef(Kind.POLICY, herePath, p.getKey()), p.getValue(), what);
    }
  }

  private static void add(
      Map<ConfigElementRef, ConfigElement> out, ConfigElementRef ref,
      com.google.protobuf.Message record, String what) {
    Optional<String> problem = ConfigKeys.keyProblem(ref.key());
    if (problem.isPresent()) {
      throw new ConfigUpdateException(Reason.CONFIG_KEY_INVALID, "CONFIGTX-UPDATE-05",
          "illegal key in " + what + " at " + ref + ": " + problem.get());
    }
    out.put(ref, new ConfigElement(ref, record));
  }

  /** The element at this place, if any. */
  public Optional<ConfigElement> get(ConfigElementRef ref) {
    return Optional.ofNullable(elements.get(ref));
  }

  /** Whether an element is at this place. */
  public boolean contains(ConfigElementRef ref) {
    return elements.containsKey(ref);
  }

  /** All elements by place (unmodifiable). */
  public Map<ConfigElementRef, ConfigElement> elements() {
    return elements;
  }

  /** The number of elements. */
  public int size() {
    return elements.size();
  }
}
