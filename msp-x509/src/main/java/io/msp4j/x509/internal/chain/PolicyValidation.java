package io.msp4j.x509.internal.chain;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.cert.PolicyInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Go 1.24's processing of a candidate chain's certificate policies (REL-X509-05): RFC 5280 section
 * 6.1 as RFC 9618 updates it, with the options Fabric's MSP verifies with (no initial policy set,
 * so any valid policy is acceptable, and no requireExplicitPolicy, inhibitPolicyMapping or
 * inhibitAnyPolicy of its own). A chain fails when a certificate's policyConstraints require an
 * explicit policy and none remains valid, or when, with mapping allowed, a mapping maps to or from
 * anyPolicy. Only certificates carrying a requireExplicitPolicy or mappings can make a chain fail,
 * so chains without them are accepted without building the graph.
 */
final class PolicyValidation {
  private PolicyValidation() {}

  /**
   * Why {@code chain} (leaf first, trust anchor last) has invalid policies, naming the certificate
   * at fault; null when its policies are valid.
   */
  static String problem(List<ParsedCertificate> chain) {
    if (chain.size() == 1 || !anyConstraint(chain)) {
      return null;
    }
    int n = chain.size() - 1;
    PolicyGraph pg = new PolicyGraph();
    long inhibitAnyPolicy = n + 1;
    long explicitPolicy = n + 1;
    long policyMapping = n + 1;
    ParsedCertificate requiredBy = null;
    for (int i = n - 1; i >= 0; i--) {
      ParsedCertificate cert = chain.get(i);
      PolicyInfo info = cert.policyInfo();
      boolean selfIssued = cert.selfIssued();
      if (info.policies().isEmpty()) {
        pg = null; // 6.1.3 (e)
      }
      if (explicitPolicy == 0 && pg == null) { // 6.1.3 (f)
        return "certificate " + cert.describe() + " has no certificate policy, but "
            + requiredBy.describe() + " requires an explicit policy (policyConstraints)";
      }
      if (pg != null) {
        pg.nextStratum();
        addPolicies(pg, info, inhibitAnyPolicy > 0 || (n - i < n && selfIssued));
        pg.prune(); // 6.1.3 (d) (3)
        if (i != 0 && !info.mappings().isEmpty()) {
          String invalid = applyMappings(pg, info, policyMapping > 0);
          if (invalid != null) {
            return "certificate " + cert.describe() + " " + invalid;
          }
        }
      }
      if (i != 0) {
        if (!selfIssued) { // 6.1.4 (h)
          explicitPolicy = Math.max(0, explicitPolicy - 1);
          policyMapping = Math.max(0, policyMapping - 1);
          inhibitAnyPolicy = Math.max(0, inhibitAnyPolicy - 1);
        }
        long explicit = lowered(info.requireExplicitPolicy(), explicitPolicy);
        if (explicit != explicitPolicy) {
          requiredBy = cert;
          explicitPolicy = explicit;
        }
        policyMapping = lowered(info.inhibitPolicyMapping(), policyMapping);
        inhibitAnyPolicy = lowered(info.inhibitAnyPolicy(), inhibitAnyPolicy);
      }
    }
    explicitPolicy = Math.max(0, explicitPolicy - 1); // 6.1.5 (a)
    PolicyInfo leaf = chain.get(0).policyInfo();
    if (leaf.requireExplicitPolicy().isPresent() && leaf.requireExplicitPolicy().getAsLong() == 0) {
      explicitPolicy = 0; // 6.1.5 (b)
      requiredBy = chain.get(0);
    }
    if (explicitPolicy == 0 && (pg == null || !pg.hasValidPolicy())) {
      return "no certificate policy is valid for the whole chain of " + chain.get(0).describe()
          + ", and " + requiredBy.describe() + " requires an explicit policy (policyConstraints)";
    }
    return null;
  }

  /** Whether some certificate below the anchor can make the chain fail. */
  private static boolean anyConstraint(List<ParsedCertificate> chain) {
    for (int i = 0; i < chain.size() - 1; i++) {
      PolicyInfo info = chain.get(i).policyInfo();
      if (info.requireExplicitPolicy().isPresent() || !info.mappings().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** A skip count taken from a certificate: its value when present, not negative and lower. */
  private static long lowered(OptionalLong value, long current) {
    return value.isPresent() && value.getAsLong() >= 0 && value.getAsLong() < current
        ? value.getAsLong() : current;
  }

  /** 6.1.3 (d) (1) and (2): the certificate's policies, and anyPolicy's expansion if allowed. */
  private static void addPolicies(PolicyGraph pg, PolicyInfo info, boolean anyAllowed) {
    Set<String> policies = new HashSet<>();
    for (String policy : info.policies()) {
      policies.add(policy);
      if (policy.equals(PolicyInfo.ANY_POLICY)) {
        continue;
      }
      List<PolicyGraph.Node> parents = pg.parentsExpecting(policy);
      if (parents.isEmpty()) {
        PolicyGraph.Node any = pg.parentWithAnyPolicy();
        parents = any == null ? List.of() : List.of(any);
      }
      if (!parents.isEmpty()) {
        pg.insert(new PolicyGraph.Node(policy, parents));
      }
    }
    if (policies.contains(PolicyInfo.ANY_POLICY) && anyAllowed) {
      Map<String, List<PolicyGraph.Node>> missing = new LinkedHashMap<>();
      Map<String, PolicyGraph.Node> leaves = pg.leaves();
      for (PolicyGraph.Node p : pg.parents()) {
        for (String expected : p.expected) {
          if (!leaves.containsKey(expected)) {
            missing.computeIfAbsent(expected, k -> new ArrayList<>()).add(p);
          }
        }
      }
      missing.forEach((policy, parents) -> pg.insert(new PolicyGraph.Node(policy, parents)));
    }
  }

  /**
   * 6.1.4 (b): the certificate's policy mappings. Returns why they are invalid (a mapping to or
   * from anyPolicy while mapping is allowed), or null.
   */
  private static String applyMappings(PolicyGraph pg, PolicyInfo info, boolean mappingAllowed) {
    Map<String, List<String>> mappings = new LinkedHashMap<>();
    for (PolicyInfo.Mapping m : info.mappings()) {
      if (mappingAllowed) {
        if (m.issuerDomain().equals(PolicyInfo.ANY_POLICY)
            || m.subjectDomain().equals(PolicyInfo.ANY_POLICY)) {
          return "maps a policy to or from anyPolicy (policyMappings)";
        }
        mappings.computeIfAbsent(m.issuerDomain(), k -> new ArrayList<>()).add(m.subjectDomain());
      } else {
        pg.deleteLeaf(m.issuerDomain()); // (3) (i)
      }
    }
    pg.prune(); // (3) (ii)
    mappings.forEach((issuer, subjects) -> {
      PolicyGraph.Node matching = pg.leaf(issuer);
      if (matching != null) {
        matching.expected = List.copyOf(subjects);
      } else {
        PolicyGraph.Node any = pg.leaf(PolicyInfo.ANY_POLICY);
        if (any != null) {
          PolicyGraph.Node node = new PolicyGraph.Node(issuer, List.of(any));
          node.expected = List.copyOf(subjects);
          pg.insert(node);
        }
      }
    });
    return null;
  }
}
