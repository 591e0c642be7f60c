package io.msp4j.channel.update;

import java.util.List;
import java.util.Objects;

/**
 * Names one element of a channel configuration tree: a group, a value or a policy, and the path
 * of group keys that leads to it from the root group {@code Channel} (CONFIGTX-UPDATE-05).
 *
 * @param kind what the element is
 * @param groupPath the keys of the groups enclosing the element, starting with {@code Channel};
 *     empty for the root group itself
 * @param key the element's own key ({@code Channel} for the root group)
 */
public record ConfigElementRef(Kind kind, List<String> groupPath, String key) {

  /** The three kinds of config element; each has its own namespace in a group. */
  public enum Kind {
    GROUP,
    VALUE,
    POLICY;

    /** The word used in messages and reports: {@code group}, {@code value}, {@code policy}. */
    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** Checks the parts and copies the path. */
  public ConfigElementRef {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(key, "key");
    groupPath = List.copyOf(groupPath);
  }

  /** The slash path, such as {@code /Channel/Application/Org1/MSP}. */
  public String path() {
    StringBuilder b = new StringBuilder();
    for (String g : groupPath) {
      b.append('/').append(g);
    }
    return b.append('/').append(key).toString();
  }

  /**
   * The group keys below {@code /Channel} of the policy manager that resolves a relative
   * mod_policy of this element (CONFIGTX-UPDATE-09): the group's own manager for a group, the
   * enclosing group's manager for a value or a policy. Empty means the root manager.
   */
  public List<String> modPolicyManagerPath() {
    if (groupPath.isEmpty()) {
      return List.of();
    }
    List<String> below = groupPath.subList(1, groupPath.size());
    if (kind != Kind.GROUP) {
      return below;
    }
    java.util.ArrayList<String> own = new java.util.ArrayList<>(below);
    own.add(key);
    return List.copyOf(own);
  }

  /** The kind and path, such as {@code value /Channel/Application/Org1/MSP}. */
  @Override
  public String toString() {
    return kind.word() + " " + path();
  }
}
