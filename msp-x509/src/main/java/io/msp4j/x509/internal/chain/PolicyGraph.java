package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.PolicyInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The valid policy graph of RFC 9618 (which replaces RFC 5280's policy tree), one stratum per
 * certificate processed, as Go 1.24's chain policy processing keeps it: nodes keyed by their valid
 * policy within a stratum, each with its expected policy set and its parents and children in the
 * strata next to it. Policies are the hex of their OID's DER contents ({@link PolicyInfo}). Used by
 * one {@link PolicyValidation} run; not thread-safe.
 */
final class PolicyGraph {
  /** A node: a valid policy, the policies it expects below, and its links. */
  static final class Node {
    final String validPolicy;
    List<String> expected;
    final Set<Node> parents = new LinkedHashSet<>();
    final Set<Node> children = new LinkedHashSet<>();

    Node(String validPolicy, List<Node> parents) {
      this.validPolicy = validPolicy;
      this.expected = List.of(validPolicy);
      for (Node p : parents) {
        p.children.add(this);
        this.parents.add(p);
      }
    }
  }

  private final List<Map<String, Node>> strata = new ArrayList<>();
  /** Policy -> nodes of the previous stratum expecting it. */
  private Map<String, List<Node>> parentIndex = Map.of();
  private int depth;

  /** A graph of the single anyPolicy root. */
  PolicyGraph() {
    Map<String, Node> root = new LinkedHashMap<>();
    root.put(PolicyInfo.ANY_POLICY, new Node(PolicyInfo.ANY_POLICY, List.of()));
    strata.add(root);
  }

  /** Starts the stratum of the next certificate. */
  void nextStratum() {
    Map<String, List<Node>> index = new LinkedHashMap<>();
    for (Node n : strata.get(depth).values()) {
      for (String e : n.expected) {
        index.computeIfAbsent(e, k -> new ArrayList<>()).add(n);
      }
    }
    parentIndex = index;
    depth++;
    strata.add(new LinkedHashMap<>());
  }

  void insert(Node n) {
    strata.get(depth).put(n.validPolicy, n);
  }

  /** Nodes of the previous stratum whose expected set holds {@code policy}. */
  List<Node> parentsExpecting(String policy) {
    return depth == 0 ? List.of() : parentIndex.getOrDefault(policy, List.of());
  }

  /** The previous stratum's anyPolicy node, or null. */
  Node parentWithAnyPolicy() {
    return depth == 0 ? null : strata.get(depth - 1).get(PolicyInfo.ANY_POLICY);
  }

  /** The nodes of the previous stratum. */
  List<Node> parents() {
    return depth == 0 ? List.of() : List.copyOf(strata.get(depth - 1).values());
  }

  /** The current stratum, by valid policy. */
  Map<String, Node> leaves() {
    return strata.get(depth);
  }

  Node leaf(String policy) {
    return strata.get(depth).get(policy);
  }

  /** Removes the current stratum's node of {@code policy} and its links. */
  void deleteLeaf(String policy) {
    Node n = strata.get(depth).remove(policy);
    if (n == null) {
      return;
    }
    n.parents.forEach(p -> p.children.remove(n));
    n.children.forEach(c -> c.parents.remove(n));
  }

  /** Removes, from the deepest inner stratum up, nodes left without children. */
  void prune() {
    for (int i = depth - 1; i > 0; i--) {
      List<Node> childless = new ArrayList<>();
      for (Node n : strata.get(i).values()) {
        if (n.children.isEmpty()) {
          childless.add(n);
        }
      }
      for (Node n : childless) {
        n.parents.forEach(p -> p.children.remove(n));
        strata.get(i).remove(n.validPolicy);
      }
    }
  }

  /**
   * Whether the authority-constrained policy set is non-empty: some node other than anyPolicy
   * whose single parent is an anyPolicy node, or an anyPolicy leaf.
   */
  boolean hasValidPolicy() {
    for (int i = depth; i >= 0; i--) {
      for (Node n : strata.get(i).values()) {
        if (!n.validPolicy.equals(PolicyInfo.ANY_POLICY) && n.parents.size() == 1
            && n.parents.iterator().next().validPolicy.equals(PolicyInfo.ANY_POLICY)) {
          return true;
        }
      }
    }
    return leaf(PolicyInfo.ANY_POLICY) != null;
  }
}
