package io.msp4j.core.policy;

import io.msp4j.core.Identity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.hyperledger.fabric.protos.common.ImplicitMetaPolicy;

/** An implicit-meta policy compiled by {@link ImplicitMetaPolicies#compile}. */
final class CompiledImplicitMetaPolicy implements ContextualPolicy {
  private final ImplicitMetaPolicy definition;
  private final List<String> names;
  private final List<Policy> children;
  private final int threshold;

  CompiledImplicitMetaPolicy(ImplicitMetaPolicy definition, List<String> names, List<Policy> children) {
    this.definition = definition;
    this.names = List.copyOf(names);
    this.children = List.copyOf(children);
    this.threshold = ImplicitMetaPolicies.threshold(definition.getRuleValue(), children.size());
  }

  @Override
  public PolicyResult evaluate(EvaluationContext context) {
    return run(child -> child instanceof ContextualPolicy c ? c.evaluate(context) : child.evaluate(context.signedData()));
  }

  @Override
  public PolicyResult evaluateIdentities(List<Identity> identities) {
    List<Identity> given = List.copyOf(identities);
    return run(child -> child.evaluateIdentities(given));
  }

  /** Fabric's loop: count down from the threshold and stop when the count reaches exactly 0. */
  private PolicyResult run(Function<Policy, PolicyResult> evaluate) {
    int remaining = threshold;
    List<PolicyResult> results = new ArrayList<>(children.size());
    boolean satisfied = false;
    for (Policy child : children) {
      PolicyResult r = evaluate.apply(child);
      results.add(r);
      if (r.satisfied()) {
        remaining--;
        if (remaining == 0) {
          satisfied = true;
          break;
        }
      }
    }
    satisfied = satisfied || remaining == 0;
    boolean degenerate = ImplicitMetaPolicy.Rule.forNumber(definition.getRuleValue()) == null && !children.isEmpty();
    return new PolicyResult(satisfied, degenerate ? "POLICY-IMETA-04" : "POLICY-IMETA-02", new Explainer(results, satisfied));
  }

  private final class Explainer implements PolicyResult.Detail {
    private final List<PolicyResult> results;
    private final boolean satisfied;

    Explainer(List<PolicyResult> results, boolean satisfied) {
      this.results = results;
      this.satisfied = satisfied;
    }

    private int satisfiedCount() {
      int n = 0;
      for (PolicyResult r : results) {
        n += r.satisfied() ? 1 : 0;
      }
      return n;
    }

    @Override
    public String reason() {
      String head = ImplicitMetaPolicies.format(definition) + " is " + (satisfied ? "" : "not ") + "satisfied: ";
      if (children.isEmpty()) {
        return head + "there are no child groups, so nothing is needed";
      }
      int count = satisfiedCount();
      String counts = count + " of " + children.size() + " sub-policies satisfied";
      if (threshold == 0) {
        return head + counts + ", but rule value " + definition.getRuleValue()
            + " needs none to be (a threshold of 0 is reached only by satisfying none)";
      }
      StringBuilder b = new StringBuilder(head).append(counts).append(", ").append(threshold).append(" needed");
      if (!satisfied) {
        List<String> failing = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
          if (!results.get(i).satisfied()) {
            failing.add(names.get(i));
          }
        }
        b.append("; not satisfied: ").append(String.join(", ", failing));
        for (int i = 0; i < results.size(); i++) {
          if (!results.get(i).satisfied()) {
            b.append(" (").append(names.get(i)).append(": ").append(Describe.shorten(results.get(i).reason(), 300))
                .append(')');
            break;
          }
        }
      } else if (results.size() < children.size()) {
        b.append("; the remaining ").append(children.size() - results.size()).append(" were not evaluated");
      }
      return b.toString();
    }

    @Override
    public Explanation explanation() {
      List<Explanation> nodes = new ArrayList<>();
      for (int i = 0; i < children.size(); i++) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", names.get(i));
        d.put("evaluated", i < results.size());
        if (i < results.size()) {
          PolicyResult r = results.get(i);
          nodes.add(new Explanation("sub-policy", r.satisfied(),
              names.get(i) + ": " + (r.satisfied() ? "satisfied" : "not satisfied"), d, List.of(r.explanation())));
        } else {
          nodes.add(new Explanation("sub-policy", false,
              names.get(i) + ": not evaluated, the threshold was already reached", d, List.of()));
        }
      }
      Map<String, Object> d = new LinkedHashMap<>();
      d.put("rule", ImplicitMetaPolicies.ruleName(definition.getRuleValue()));
      d.put("sub_policy", definition.getSubPolicy());
      d.put("children", children.size());
      d.put("threshold", threshold);
      d.put("satisfied_children", satisfiedCount());
      d.put("evaluated_children", results.size());
      return new Explanation("implicit-meta", satisfied, reason(), d, nodes);
    }
  }

  @Override
  public String toString() {
    return "ImplicitMetaPolicy[" + ImplicitMetaPolicies.format(definition) + " over " + names + "]";
  }
}
