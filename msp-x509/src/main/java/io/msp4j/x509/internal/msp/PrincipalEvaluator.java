package io.msp4j.x509.internal.msp;

import io.msp4j.core.Identity;
import java.util.List;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * SatisfiesPrincipal for an X.509 MSP (spec section 6): flattens the principal (PRINCIPAL-01),
 * then checks each part in order with the evaluator of its classification; the first failure is
 * the outcome.
 */
final class PrincipalEvaluator {
  private final VersionRules rules;
  private final RolePrincipals roles;
  private final OuPrincipals ous;
  private final IdentityPrincipals identities;
  private final AnonymityPrincipals anonymity;

  PrincipalEvaluator(X509MspImpl msp, VersionRules rules) {
    this.rules = rules;
    this.roles = new RolePrincipals(msp);
    this.ous = new OuPrincipals(msp);
    this.identities = new IdentityPrincipals(msp);
    this.anonymity = new AnonymityPrincipals(rules);
  }

  void satisfies(Identity identity, MSPPrincipal principal) {
    List<MSPPrincipal> parts = CombinedPrincipals.flatten(principal, rules);
    // Fabric checks the identity's type before each part; the list is never empty and the
    // check's outcome is the same for every part, so checking once decides alike.
    if (rules.principalsRequireX509Identity()) {
      X509Identity.require(identity, "PRINCIPAL-03");
    }
    for (MSPPrincipal part : parts) {
      switch (part.getPrincipalClassificationValue()) {
        case MSPPrincipal.Classification.ROLE_VALUE -> roles.check(part, identity);
        case MSPPrincipal.Classification.ORGANIZATION_UNIT_VALUE -> ous.check(part, identity);
        case MSPPrincipal.Classification.IDENTITY_VALUE -> identities.check(part, identity);
        case MSPPrincipal.Classification.ANONYMITY_VALUE -> anonymity.check(part);
        default ->
            throw PrincipalFailures.malformed(
                "PRINCIPAL-02",
                "unknown principal classification " + part.getPrincipalClassificationValue());
      }
    }
  }
}
