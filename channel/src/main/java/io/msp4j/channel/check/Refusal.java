package io.msp4j.channel.check;

import io.msp4j.core.Reason;
import java.util.Objects;

/**
 * Why a proposal, transaction or block is refused.
 *
 * @param check the check that refused it, such as {@code TX-CREATOR-01} (see the package)
 * @param reason the machine-readable reason; for a signer the MSP found wanting, the MSP's own
 *     (such as {@link Reason#REVOKED})
 * @param rule the spec rule that decided when an MSP or a policy did (such as
 *     {@code VALIDATE-CRL-02}), otherwise the check ID
 * @param message what and where, for the operator
 */
public record Refusal(String check, Reason reason, String rule, String message) {
  public Refusal {
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(message, "message");
  }

  /**
   * Whether Fabric's own peers would accept what msp4j refuses here: a forgery Fabric lets
   * through, refused under one of msp4j's stricter rules ({@code MSP4J-...}, such as an idemix
   * identity whose pseudonym is not its proof's, MSP4J-IDEMIX-STRICT-01).
   */
  public boolean fabricAccepts() {
    return rule.startsWith("MSP4J-");
  }

  @Override
  public String toString() {
    return "[" + check + (rule.equals(check) ? "" : " " + rule) + "] " + reason + ": " + message
        + (fabricAccepts() ? " (FORGED: Fabric's peers would accept it)" : "");
  }
}
