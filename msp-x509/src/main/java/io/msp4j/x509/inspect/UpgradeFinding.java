package io.msp4j.x509.inspect;

import io.msp4j.core.CertificateRef;
import io.msp4j.core.Reason;
import java.util.Objects;
import java.util.Optional;

/**
 * One verdict that changes when the nodes judging an MSP move from Fabric v2.5 to v3.0: what
 * breaks, where, and why (the v3.0 failure and the DELTA25 rule that makes the two differ).
 *
 * @param change what breaks
 * @param entry the configuration entry at fault, such as {@code admins[0]}, or {@code MSP} for
 *     the whole setup
 * @param certificate the certificate at fault, when one is
 * @param reason the reason of the v3.0 failure
 * @param rule the spec rule of the v3.0 failure
 * @param message the v3.0 failure, as an operator reads it
 * @param deltaRule the DELTA25 rule that makes the two releases differ here
 */
public record UpgradeFinding(
    Change change,
    String entry,
    Optional<CertificateRef> certificate,
    Reason reason,
    String rule,
    String message,
    String deltaRule) {

  /** What breaks on the upgrade. */
  public enum Change {
    /**
     * v2.5 sets the MSP up; v3.0 fails setup (DELTA25-10 without NodeOUs, DELTA25-13 with NodeOUs
     * below MSP version 1.4.3).
     */
    SETUP_FAILS("setup fails", "DELTA25-10"),
    /** An admin certificate valid in v2.5 is invalid in v3.0, though it keeps the admin role (DELTA25-11). */
    ADMIN_INVALID("admin invalid", "DELTA25-11"),
    /** An identity valid in v2.5 is refused by v3.0's validation (DELTA25-02). */
    LEAF_REFUSED("leaf refused", "DELTA25-02");

    private final String label;
    private final String deltaRule;

    Change(String label, String deltaRule) {
      this.label = label;
      this.deltaRule = deltaRule;
    }

    /** How the change is written: {@code setup fails}, {@code admin invalid}, {@code leaf refused}. */
    public String label() {
      return label;
    }

    /** The DELTA25 rule that usually makes the two releases differ for this change. */
    public String deltaRule() {
      return deltaRule;
    }
  }

  public UpgradeFinding {
    Objects.requireNonNull(change, "change");
    Objects.requireNonNull(entry, "entry");
    Objects.requireNonNull(certificate, "certificate");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(deltaRule, "deltaRule");
  }
}
