package io.msp4j.core.policy;

import io.msp4j.core.Identity;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Policies that are not compiled from a definition. */
public final class Policies {
  private Policies() {}

  /**
   * A policy that does not exist and is never satisfied, as Fabric's policy manager answers for a
   * name it does not hold (POLICY-MGR-02); an implicit-meta policy counts a child group without
   * the sub-policy this way (POLICY-IMETA-02).
   *
   * @param name what was looked for, such as {@code Org3/Endorsement}, for explanations
   */
  public static Policy missing(String name) {
    return new Missing(Objects.requireNonNull(name, "name"));
  }

  private record Missing(String name) implements ContextualPolicy {
    @Override
    public PolicyResult evaluate(EvaluationContext context) {
      return result();
    }

    @Override
    public PolicyResult evaluateIdentities(List<Identity> identities) {
      return result();
    }

    private PolicyResult result() {
      String reason = "there is no policy " + name + ", so it is never satisfied";
      return new PolicyResult(false, "POLICY-MGR-02", new PolicyResult.Detail() {
        @Override
        public String reason() {
          return reason;
        }

        @Override
        public Explanation explanation() {
          Map<String, Object> d = new LinkedHashMap<>();
          d.put("name", name);
          return new Explanation("missing-policy", false, reason, d, List.of());
        }
      });
    }

    @Override
    public String toString() {
      return "MissingPolicy[" + name + "]";
    }
  }
}
