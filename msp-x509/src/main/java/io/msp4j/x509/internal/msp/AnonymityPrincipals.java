package io.msp4j.x509.internal.msp;

import org.hyperledger.fabric.protos.common.MSPIdentityAnonymity;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/**
 * ANONYMITY principals (PRINCIPAL-ANON-01/02): from v1.3 every X.509 identity is nominal, with no
 * validation and no MSP check; none is anonymous.
 */
final class AnonymityPrincipals {
  private final VersionRules rules;

  AnonymityPrincipals(VersionRules rules) {
    this.rules = rules;
  }

  void check(MSPPrincipal principal) {
    if (!rules.combinedAndAnonymity()) {
      throw PrincipalFailures.unsupported(
          "PRINCIPAL-ANON-01",
          "ANONYMITY principals need MSP version 1.3 or later; this MSP is at " + rules.version());
    }
    MSPIdentityAnonymity a =
        PrincipalFailures.decode(
            principal.getPrincipal(), MSPIdentityAnonymity.parser(), "MSPIdentityAnonymity");
    switch (a.getAnonymityTypeValue()) {
      case MSPIdentityAnonymity.MSPIdentityAnonymityType.NOMINAL_VALUE -> {
        // Every X.509 identity is nominal.
      }
      case MSPIdentityAnonymity.MSPIdentityAnonymityType.ANONYMOUS_VALUE ->
          throw PrincipalFailures.notSatisfied(
              "PRINCIPAL-ANON-02",
              "the principal asks for an anonymous identity; X.509 identities are never anonymous",
              null);
      default ->
          throw PrincipalFailures.malformed(
              "PRINCIPAL-ANON-02", "unknown anonymity type " + a.getAnonymityTypeValue());
    }
  }
}
