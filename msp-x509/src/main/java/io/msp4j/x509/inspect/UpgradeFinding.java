package io.msp4j.x509.inspect;

import io.msp4j.core.CertificateRef;
import io.msp4j.core.Reason;
import java.util.Objects;
import java.util.Optional;

/**
 * One verdict on an MSP that changes when the nodes judging it move from one Fabric release to
 * another: what changes, where, and why (the failure on the side that refuses, and the rule that
 * makes the two releases differ).
 *
 * @param change what changes
 * @param entry the configuration entry at fault, such as {@code admins[0]}, or {@code MSP} for
 *     the whole setup
 * @param certificate the certificate concerned, when one is
 * @param reason the reason of the failure (of the new release when it refuses, of the old one
 *     when the new one accepts)
 * @param rule the spec rule of that failure
 * @param message that failure, as an operator reads it
 * @param deltaRule the rule that makes the two releases differ here: a DELTA25 rule between the
 *     v2.5 and v3 lines, a REL rule (spec Appendix F) between Go releases
 */
public record UpgradeFinding(
    Change change,
    String entry,
    Optional<CertificateRef> certificate,
    Reason reason,
    String rule,
    String message,
    String deltaRule) {

  /** What changes on the move. */
  public enum Change {
    /**
     * The old release sets the MSP up; the new one fails setup (DELTA25-10 without NodeOUs,
     * DELTA25-13 with NodeOUs below MSP version 1.4.3, or a CA the new Go refuses).
     */
    SETUP_FAILS("setup fails", "DELTA25-10", true),
    /** The old release refuses the MSP at setup; the new one sets it up. */
    SETUP_SUCCEEDS("setup succeeds", "DELTA25-10", false),
    /** An admin certificate valid before is invalid after (DELTA25-11 between lines). */
    ADMIN_INVALID("admin invalid", "DELTA25-11", true),
    /** An admin certificate invalid before is valid after. */
    ADMIN_VALID("admin valid", "DELTA25-11", false),
    /** An identity valid before is refused after (DELTA25-02 between lines). */
    LEAF_REFUSED("leaf refused", "DELTA25-02", true),
    /** An identity refused before is valid after. */
    LEAF_ACCEPTED("leaf accepted", "DELTA25-02", false);

    private final String label;
    private final String deltaRule;
    private final boolean breaks;

    Change(String label, String deltaRule, boolean breaks) {
      this.label = label;
      this.deltaRule = deltaRule;
      this.breaks = breaks;
    }

    /** How the change is written, such as {@code setup fails} or {@code leaf accepted}. */
    public String label() {
      return label;
    }

    /** The DELTA25 rule that usually makes the v2.5 and v3 lines differ for this change. */
    public String deltaRule() {
      return deltaRule;
    }

    /** Whether something that worked stops working (the other kind starts to work). */
    public boolean breaks() {
      return breaks;
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
