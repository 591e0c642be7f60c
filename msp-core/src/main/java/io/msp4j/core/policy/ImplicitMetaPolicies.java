package io.msp4j.core.policy;

import io.msp4j.core.MspException;
import io.msp4j.core.Reason;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;

/**
 * Implicit-meta policies (spec 10.3): "{@code MAJORITY Admins}" is satisfied when a majority of
 * the child groups' {@code Admins} policies are.
 *
 * <pre>{@code
 * ImplicitMetaPolicy def = ImplicitMetaPolicies.parse("MAJORITY Endorsement");
 * Map<String, Policy> orgs = new LinkedHashMap<>();
 * orgs.put("Org1", org1Endorsement);
 * orgs.put("Org2", Policies.missing("Org2/Endorsement"));
 * Policy p = ImplicitMetaPolicies.compile(def, orgs);
 * }</pre>
 */
public final class ImplicitMetaPolicies {
  private ImplicitMetaPolicies() {}

  /**
   * Reads the text form {@code "<RULE> <SubPolicy>"} as Fabric does (POLICY-IMETA-01): the text
   * is split at every single space and must give exactly two parts, so a double or trailing space
   * is an error, while {@code "ANY "} names the empty sub-policy; the rule is {@code ANY}, {@code
   * ALL} or {@code MAJORITY}, in capitals.
   *
   * @throws MspException with reason {@link Reason#IMPLICIT_META_INVALID}, rule POLICY-IMETA-01
   */
  public static ImplicitMetaPolicy parse(String text) {
    Objects.requireNonNull(text, "text");
    String[] parts = text.split(" ", -1);
    if (parts.length != 2) {
      throw new MspException(
          Reason.IMPLICIT_META_INVALID,
          "POLICY-IMETA-01",
          "implicit-meta policy \"" + text + "\" must be a rule and a sub-policy name separated by one space, "
              + "but splitting at spaces gives " + parts.length + " parts");
    }
    ImplicitMetaPolicy.Rule rule =
        switch (parts[0]) {
          case "ANY" -> ImplicitMetaPolicy.Rule.ANY;
          case "ALL" -> ImplicitMetaPolicy.Rule.ALL;
          case "MAJORITY" -> ImplicitMetaPolicy.Rule.MAJORITY;
          default -> throw new MspException(
              Reason.IMPLICIT_META_INVALID,
              "POLICY-IMETA-01",
              "implicit-meta policy \"" + text + "\" has rule \"" + parts[0] + "\"; expected ANY, ALL or MAJORITY");
        };
    return ImplicitMetaPolicy.newBuilder().setRule(rule).setSubPolicy(parts[1]).build();
  }

  /** The text form: {@code "MAJORITY Admins"}, or the rule number for a value outside the enum. */
  public static String format(ImplicitMetaPolicy policy) {
    return ruleName(policy.getRuleValue()) + " " + policy.getSubPolicy();
  }

  /**
   * How many of {@code children} sub-policies must be satisfied (POLICY-IMETA-02/04): ANY 1, ALL
   * all, MAJORITY more than half; 0 when there are no children, or for a rule value outside the
   * enum.
   */
  public static int threshold(int ruleValue, int children) {
    if (children == 0) {
      return 0;
    }
    return switch (ruleValue) {
      case ImplicitMetaPolicy.Rule.ANY_VALUE -> 1;
      case ImplicitMetaPolicy.Rule.ALL_VALUE -> children;
      case ImplicitMetaPolicy.Rule.MAJORITY_VALUE -> children / 2 + 1;
      default -> 0;
    };
  }

  /**
   * An implicit-meta policy over the sub-policy of each child group, in the order given (children
   * are named {@code child 0}, {@code child 1}... in explanations). A child group without the
   * sub-policy is given as {@link Policies#missing}.
   */
  public static Policy compile(ImplicitMetaPolicy definition, List<Policy> childPolicies) {
    Objects.requireNonNull(childPolicies, "childPolicies");
    Map<String, Policy> named = new LinkedHashMap<>();
    for (int i = 0; i < childPolicies.size(); i++) {
      named.put("child " + i, Objects.requireNonNull(childPolicies.get(i), "childPolicies[" + i + "]"));
    }
    return compile(definition, named);
  }

  /**
   * An implicit-meta policy over the sub-policy of each child group, named by the group (the map's
   * iteration order is the evaluation order). Evaluation (POLICY-IMETA-02/03) asks each
   * sub-policy independently, on the full signature set, and stops once the threshold is reached;
   * with no children it is always satisfied; with a rule value outside the enum it is satisfied
   * only if no sub-policy is (POLICY-IMETA-04).
   */
  public static Policy compile(ImplicitMetaPolicy definition, Map<String, Policy> childPolicies) {
    Objects.requireNonNull(definition, "definition");
    Objects.requireNonNull(childPolicies, "childPolicies");
    List<String> names = new ArrayList<>(childPolicies.size());
    List<Policy> policies = new ArrayList<>(childPolicies.size());
    childPolicies.forEach((name, policy) -> {
      names.add(Objects.requireNonNull(name, "child name"));
      policies.add(Objects.requireNonNull(policy, () -> "child policy " + name));
    });
    return new CompiledImplicitMetaPolicy(definition, names, policies);
  }

  static String ruleName(int ruleValue) {
    ImplicitMetaPolicy.Rule r = ImplicitMetaPolicy.Rule.forNumber(ruleValue);
    return r == null ? "rule " + ruleValue : r.name();
  }
}
