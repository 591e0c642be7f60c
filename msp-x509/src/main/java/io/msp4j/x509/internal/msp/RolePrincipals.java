package io.msp4j.x509.internal.msp;

import io.msp4j.core.Identity;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;

/**
 * ROLE principals (PRINCIPAL-ROLE-01..04). MEMBER needs a valid identity; ADMIN a configured admin
 * certificate (not validated), or from v1.4.3 with NodeOUs enforced a valid identity with the
 * admin OU; CLIENT and PEER a valid identity with that NodeOU, which needs NodeOUs enforced;
 * ORDERER exists only from v1.4.3 with NodeOUs enforced. OU checks compare OU strings only; the
 * certifiers were checked by validation (PRINCIPAL-ROLE-04).
 */
final class RolePrincipals {
  private final X509MspImpl msp;

  RolePrincipals(X509MspImpl msp) {
    this.msp = msp;
  }

  void check(MSPPrincipal principal, Identity identity) {
    MSPRole role = PrincipalFailures.decode(principal.getPrincipal(), MSPRole.parser(), "MSPRole");
    if (!role.getMspIdentifier().equals(msp.id())) {
      throw PrincipalFailures.otherMsp("PRINCIPAL-ROLE-01", "ROLE", role.getMspIdentifier(), msp.id());
    }
    X509Identity x = X509Identity.require(identity, "VALIDATE-03");
    NodeOus nodeOus = msp.nodeOus();
    boolean byNodeOu = msp.rules().nodeOuAdminAndOrderer() && nodeOus.enforced();
    switch (role.getRoleValue()) {
      case MSPRole.MSPRoleType.MEMBER_VALUE -> msp.validate(x);
      case MSPRole.MSPRoleType.ADMIN_VALUE -> {
        if (msp.isConfiguredAdmin(x)) {
          return;
        }
        if (!byNodeOu) {
          throw PrincipalFailures.notSatisfied(
              "PRINCIPAL-ROLE-02",
              "the identity is not one of the admins configured for MSP " + msp.id(),
              x.cert().ref());
        }
        msp.validate(x);
        carries(x, nodeOus.admin(), "admin", "PRINCIPAL-ROLE-03");
      }
      case MSPRole.MSPRoleType.CLIENT_VALUE -> {
        msp.validate(x);
        carries(x, nodeOus.client(), "client", "PRINCIPAL-ROLE-02");
      }
      case MSPRole.MSPRoleType.PEER_VALUE -> {
        msp.validate(x);
        carries(x, nodeOus.peer(), "peer", "PRINCIPAL-ROLE-02");
      }
      case MSPRole.MSPRoleType.ORDERER_VALUE -> {
        if (!byNodeOu) {
          throw PrincipalFailures.unsupported(
              "PRINCIPAL-ROLE-02",
              "the ORDERER role needs MSP version 1.4.3 or later with NodeOUs enforced; MSP "
                  + msp.id() + " is at " + msp.rules().version()
                  + (nodeOus.enforced() ? "" : " without NodeOU enforcement"));
        }
        msp.validate(x);
        carries(x, nodeOus.orderer(), "orderer", "PRINCIPAL-ROLE-03");
      }
      default ->
          throw PrincipalFailures.unsupported(
              "PRINCIPAL-ROLE-02", "unknown MSP role type " + role.getRoleValue());
    }
  }

  /** The NodeOU test of the role (PRINCIPAL-ROLE-02..04): enforcement on, OU defined, OU carried. */
  private void carries(X509Identity x, NodeOu nodeOu, String name, String rule) {
    if (!msp.nodeOus().enforced()) {
      throw PrincipalFailures.unsupported(
          rule,
          "MSP " + msp.id() + " does not enforce NodeOUs, so it cannot tell a " + name
              + " from other identities");
    }
    if (nodeOu == null) {
      throw PrincipalFailures.unsupported(
          rule, "MSP " + msp.id() + " defines no " + name + " NodeOU");
    }
    if (!NodeOus.carries(x.organizationalUnits(), nodeOu)) {
      throw PrincipalFailures.notSatisfied(
          rule,
          "the identity is not a " + name + " of MSP " + msp.id() + ": it lacks the OU '"
              + nodeOu.ou() + "' (its OUs: " + x.organizationalUnits() + ")",
          x.cert().ref());
    }
  }
}
