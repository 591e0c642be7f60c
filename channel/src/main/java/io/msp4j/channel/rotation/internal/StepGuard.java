package io.msp4j.channel.rotation.internal;

import io.msp4j.channel.rotation.RotationRefusal;
import io.msp4j.channel.rotation.StepKind;
import io.msp4j.channel.update.IdentityImpact;
import io.msp4j.channel.update.Lockout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decides whether a step may be written: no followed identity may lose validity or a role unless
 * a followed identity with the same subject (its re-issued certificate) holds it after the step;
 * no role among admin, orderer and peer that a followed identity holds before the step may be
 * left without a holder; and the update checker's lock-out guard must find no org without an
 * admin. A refusal carries the rule that makes the first identity invalid (the MSP's own reason).
 */
public final class StepGuard {
  private static final List<String> GUARDED_ROLES = List.of("admin", "orderer", "peer");

  private StepGuard() {}

  /** The refusal of a step, or empty when it leaves every identity and role served. */
  public static Optional<RotationRefusal> judge(StepKind step, List<IdentityImpact> standings,
      List<Lockout> lockouts) {
    List<String> items = new ArrayList<>();
    String rule = null;
    for (IdentityImpact i : standings) {
      boolean lostValidity = i.before().valid() && !i.after().valid();
      boolean lostRole = i.before().valid() && i.after().valid()
          && !i.after().roles().containsAll(i.before().roles());
      if (!lostValidity && !lostRole) {
        continue;
      }
      boolean replaced = standings.stream().anyMatch(o -> o != i && !o.subject().isEmpty()
          && o.subject().equals(i.subject()) && o.after().valid()
          && o.after().roles().containsAll(i.before().roles()));
      if (replaced) {
        continue;
      }
      if (lostValidity) {
        items.add(i.label() + " (" + i.subject() + ") is valid with roles "
            + new java.util.TreeSet<>(i.before().roles()) + " before the step and invalid after: "
            + i.after().problem() + "; no re-issued certificate with this subject is given");
        rule = rule == null ? ruleOf(i.after().problem()) : rule;
      } else {
        List<String> lost = new ArrayList<>(i.before().roles());
        lost.removeAll(i.after().roles());
        items.add(i.label() + " (" + i.subject() + ") loses the roles "
            + new java.util.TreeSet<>(lost) + "; no re-issued certificate with this subject holds"
            + " them after the step");
        rule = rule == null ? "PRINCIPAL-ROLE-03" : rule;
      }
    }
    for (String role : GUARDED_ROLES) {
      List<String> today = standings.stream()
          .filter(i -> i.before().valid() && i.before().roles().contains(role))
          .map(IdentityImpact::label).toList();
      boolean after = standings.stream()
          .anyMatch(i -> i.after().valid() && i.after().roles().contains(role));
      if (!today.isEmpty() && !after) {
        items.add("role " + role + ": held by " + String.join(", ", today)
            + " before the step and by no followed identity after it");
        rule = rule == null ? "PRINCIPAL-ROLE-03" : rule;
      }
    }
    for (Lockout l : lockouts) {
      items.add(l.toString());
      rule = rule == null ? "CHANNEL-MSP-10" : rule;
    }
    if (items.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new RotationRefusal(step, rule,
        "the " + step.word() + " step would leave followed identities or roles without a valid"
            + " holder (re-issue them under the new CA and follow the re-issued certificates"
            + " with the identities, or allow the lock-out)", items));
  }

  private static String ruleOf(String problem) {
    if (problem.startsWith("[")) {
      int end = problem.indexOf(']');
      if (end > 1) {
        return problem.substring(1, end);
      }
    }
    return "CHANNEL-MSP-10";
  }
}
