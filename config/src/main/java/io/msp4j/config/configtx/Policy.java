package io.msp4j.config.configtx;

import java.util.Objects;

/**
 * A policy of configtx.yaml: {@code Type} ({@code Signature} or {@code ImplicitMeta}) and its
 * {@code Rule} (a signature-policy expression, or {@code ANY|ALL|MAJORITY <sub-policy>}).
 *
 * @param type the type as written
 * @param rule the rule as written
 * @param line the line of the policy in configtx.yaml (0 when unknown)
 */
public record Policy(String type, String rule, int line) {
  public Policy {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(rule, "rule");
  }
}
