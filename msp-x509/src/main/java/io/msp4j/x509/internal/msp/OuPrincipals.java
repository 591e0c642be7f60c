package io.msp4j.x509.internal.msp;

import io.msp4j.core.Identity;
import io.msp4j.core.OrganizationalUnit;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.OrganizationUnit;

/**
 * ORGANIZATION_UNIT principals (PRINCIPAL-OU-01): the principal names this MSP, the identity is
 * valid, and one of its OUs has both the OU string and the certifiers identifier asked for.
 */
final class OuPrincipals {
  private final X509MspImpl msp;

  OuPrincipals(X509MspImpl msp) {
    this.msp = msp;
  }

  void check(MSPPrincipal principal, Identity identity) {
    OrganizationUnit wanted =
        PrincipalFailures.decode(principal.getPrincipal(), OrganizationUnit.parser(), "OrganizationUnit");
    if (!wanted.getMspIdentifier().equals(msp.id())) {
      throw PrincipalFailures.otherMsp(
          "PRINCIPAL-OU-01", "ORGANIZATION_UNIT", wanted.getMspIdentifier(), msp.id());
    }
    X509Identity x = X509Identity.require(identity, "VALIDATE-03");
    msp.validate(x);
    // OrganizationalUnit equality is the pair match asked for: same OU string, same certifiers.
    OrganizationalUnit unit =
        new OrganizationalUnit(
            wanted.getOrganizationalUnitIdentifier(), wanted.getCertifiersIdentifier().toByteArray());
    if (x.organizationalUnits().contains(unit)) {
      return;
    }
    throw PrincipalFailures.notSatisfied(
        "PRINCIPAL-OU-01",
        "the identity has no OU '" + unit.ou() + "' certified by '" + unit.certifiersIdHex()
            + "' (its OUs: " + x.organizationalUnits() + ")",
        x.cert().ref());
  }
}
