package io.msp4j.x509.internal.msp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.hyperledger.fabric.protos.common.CombinedPrincipal;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * Flattens a principal into the non-combined principals that must all hold (PRINCIPAL-01,
 * PRINCIPAL-COMB-01/02): depth first, left to right, any nesting. The walk keeps its own stack,
 * so deep nesting cannot overflow the thread's stack.
 */
final class CombinedPrincipals {
  private CombinedPrincipals() {}

  static List<MSPPrincipal> flatten(MSPPrincipal principal, VersionRules rules) {
    if (principal.getPrincipalClassificationValue() != MSPPrincipal.Classification.COMBINED_VALUE) {
      return List.of(principal);
    }
    if (!rules.combinedAndAnonymity()) {
      throw PrincipalFailures.unsupported(
          "PRINCIPAL-COMB-01",
          "COMBINED principals need MSP version 1.3 or later; this MSP is at " + rules.version());
    }
    List<MSPPrincipal> flat = new ArrayList<>();
    Deque<MSPPrincipal> pending = new ArrayDeque<>();
    pending.push(principal);
    while (!pending.isEmpty()) {
      MSPPrincipal p = pending.pop();
      if (p.getPrincipalClassificationValue() != MSPPrincipal.Classification.COMBINED_VALUE) {
        flat.add(p);
        continue;
      }
      CombinedPrincipal c =
          PrincipalFailures.decode(p.getPrincipal(), CombinedPrincipal.parser(), "CombinedPrincipal");
      if (c.getPrincipalsCount() == 0) {
        throw PrincipalFailures.malformed(
            "PRINCIPAL-COMB-02",
            p == principal
                ? "the combined principal has no members"
                : "a combined principal nested in the principal has no members");
      }
      for (int i = c.getPrincipalsCount() - 1; i >= 0; i--) {
        pending.push(c.getPrincipals(i));
      }
    }
    return flat;
  }
}
