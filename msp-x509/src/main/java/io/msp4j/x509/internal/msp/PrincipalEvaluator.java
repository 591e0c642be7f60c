package io.msp4j.x509.internal.msp;

import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Reason;
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
    for (MSPPrincipal part : CombinedPrincipals.flatten(principal, rules)) {
      if (rules.principalsRequireX509Identity() && !(identity instanceof X509Identity)) {
        throw new IdentityException(
            Reason.NOT_AN_X509_IDENTITY,
            "PRINCIPAL-03",
            "identity of type " + identity.getClass().getName() + " was not made by an X.509 MSP",
            null);
      }
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
