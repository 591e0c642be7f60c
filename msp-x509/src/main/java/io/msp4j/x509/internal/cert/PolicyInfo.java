package io.msp4j.x509.internal.cert;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What a certificate says about certificate policies, as Go 1.24 reads it for chain policy
 * processing (REL-X509-05): its policy OIDs, policy mappings, and the skip counts of
 * policyConstraints and inhibitAnyPolicy. OIDs are compared as Go compares them, by their DER
 * contents, here written as lower-case hex (a mapping's OIDs are not checked at parse, so they
 * need not be valid OIDs). Before Go 1.24 only {@link #policies} is read; the rest is empty.
 *
 * @param policies the certificatePolicies OIDs in order (hex of their DER contents)
 * @param mappings the policyMappings pairs in order
 * @param requireExplicitPolicy policyConstraints' requireExplicitPolicy, when present
 * @param inhibitPolicyMapping policyConstraints' inhibitPolicyMapping, when present
 * @param inhibitAnyPolicy the inhibitAnyPolicy extension's skip count, when present
 */
public record PolicyInfo(
    List<String> policies,
    List<Mapping> mappings,
    OptionalLong requireExplicitPolicy,
    OptionalLong inhibitPolicyMapping,
    OptionalLong inhibitAnyPolicy) {

  /** anyPolicy, 2.5.29.32.0, as the hex of its DER contents. */
  public static final String ANY_POLICY = "551d2000";

  /** No policy extension at all. */
  public static final PolicyInfo NONE = new PolicyInfo(
      List.of(), List.of(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty());

  public PolicyInfo {
    policies = List.copyOf(policies);
    mappings = List.copyOf(mappings);
    Objects.requireNonNull(requireExplicitPolicy, "requireExplicitPolicy");
    Objects.requireNonNull(inhibitPolicyMapping, "inhibitPolicyMapping");
    Objects.requireNonNull(inhibitAnyPolicy, "inhibitAnyPolicy");
  }

  /**
   * One policy mapping: the issuer's domain policy is, for the subject, {@code subjectDomain}
   * (both as the hex of their DER contents).
   */
  public record Mapping(String issuerDomain, String subjectDomain) {
    public Mapping {
      Objects.requireNonNull(issuerDomain, "issuerDomain");
      Objects.requireNonNull(subjectDomain, "subjectDomain");
    }
  }
}
