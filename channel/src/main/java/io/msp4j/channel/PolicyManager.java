package io.msp4j.channel;

import io.msp4j.core.policy.Policies;
import io.msp4j.core.policy.Policy;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The policies of one config group and of every group below it, by name (POLICY-MGR-01): the
 * group's own policies under their names and each descendant's as {@code <child>/<name>},
 * recursively, so the root manager ({@code Channel}) holds {@code Application/Org1/Admins}. Every
 * group of a channel configuration has one; all policies are compiled when the configuration is
 * loaded. Immutable and safe to share between threads.
 */
public final class PolicyManager {
  private final String path;
  private final Map<String, Policy> policies;
  private final Map<String, PolicyManager> children;

  PolicyManager(String path, Map<String, Policy> policies, Map<String, PolicyManager> children) {
    this.path = path;
    this.policies = Collections.unmodifiableMap(policies);
    this.children = Collections.unmodifiableMap(children);
  }

  /** The group's path without the leading slash: {@code Channel}, {@code Channel/Application}. */
  public String path() {
    return path;
  }

  /**
   * Every policy this manager holds by its relative name: the group's own ({@code Admins}) and its
   * descendants' ({@code Org1/Admins}), in sorted order of groups and names.
   */
  public Map<String, Policy> policies() {
    return policies;
  }

  /** The managers of the immediate child groups, by group name. */
  public Map<String, PolicyManager> children() {
    return children;
  }

  /**
   * The manager of a descendant group, by the group names below this one; no names is this
   * manager.
   */
  public Optional<PolicyManager> manager(String... groups) {
    PolicyManager m = this;
    for (String g : groups) {
      m = m.children.get(g);
      if (m == null) {
        return Optional.empty();
      }
    }
    return Optional.of(m);
  }

  /** {@link #manager(String...)} with the group names in a list. */
  public Optional<PolicyManager> manager(List<String> groups) {
    return manager(groups.toArray(String[]::new));
  }

  /**
   * Looks a policy up by name as Fabric's policy manager does (POLICY-MGR-02): an empty name is
   * not found; a name starting with {@code /} must start with {@code /} followed by this
   * manager's path (a plain text prefix), and the rest after one more character is looked up; any
   * other name is looked up relative to this manager. A name for a group rather than a policy, or
   * the manager's own path alone (on which Fabric v3.0.0 panics), is not found (POLICY-MGR-04).
   * When not found, the policy is one that is never satisfied.
   */
  public PolicyLookup lookup(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty()) {
      return missing(name, name);
    }
    String relative;
    if (name.startsWith("/")) {
      String prefix = "/" + path;
      if (!name.startsWith(prefix) || name.length() < prefix.length() + 1) {
        return missing(name, name);
      }
      relative = name.substring(prefix.length() + 1);
    } else {
      relative = name;
    }
    Policy p = policies.get(relative);
    if (p == null) {
      return missing(name, relative);
    }
    return new PolicyLookup(name, "/" + path + "/" + relative, p, true);
  }

  private static PolicyLookup missing(String name, String looked) {
    return new PolicyLookup(name, looked, Policies.missing(looked.isEmpty() ? "''" : looked), false);
  }

  @Override
  public String toString() {
    String[] names = policies.keySet().toArray(String[]::new);
    return "PolicyManager{" + path + ", " + Arrays.toString(names) + "}";
  }
}
