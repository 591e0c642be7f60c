package io.msp4j.x509.internal.msp;

import io.msp4j.core.IdentityException;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import java.util.List;

/**
 * The admin checks made once the MSP is otherwise set up (SETUP-POST-01..03): with NodeOUs off
 * (or at v1.0) every admin must validate; at v1.1/v1.3 with NodeOUs on every admin must be a valid
 * client; at v1.4.3+ with NodeOUs on an admin only needs to carry the client or admin OU.
 */
final class AdminPostCheck {
  private final X509MspImpl msp;

  AdminPostCheck(X509MspImpl msp) {
    this.msp = msp;
  }

  void check(List<IdentityFactory.Prepared> admins) {
    NodeOus nodeOus = msp.nodeOus();
    VersionRules.NodeOuStyle style = msp.rules().nodeOuStyle();
    for (int i = 0; i < admins.size(); i++) {
      X509Identity admin = new X509Identity(msp, admins.get(i).cert(), admins.get(i).id());
      String entry = "admins[" + i + "] (" + admin.cert().describe() + ")";
      if (style == VersionRules.NodeOuStyle.NONE || !nodeOus.enforced()) {
        try {
          msp.validate(admin);
        } catch (IdentityException e) {
          throw invalid("SETUP-POST-01", entry + " is not a valid identity: " + e.detail());
        }
      } else if (style == VersionRules.NodeOuStyle.CLIENT_PEER) {
        try {
          msp.validate(admin);
        } catch (IdentityException e) {
          throw invalid("SETUP-POST-02", entry + " is not a valid identity: " + e.detail());
        }
        if (!NodeOus.carries(admin.organizationalUnits(), nodeOus.client())) {
          throw invalid(
              "SETUP-POST-02",
              entry + " is not a client: it lacks the client OU '" + nodeOus.client().ou() + "'");
        }
      } else if (!NodeOus.carries(admin.organizationalUnits(), nodeOus.client())
          && !NodeOus.carries(admin.organizationalUnits(), nodeOus.admin())) {
        throw invalid(
            "SETUP-POST-03",
            entry + " carries neither the client OU nor the admin OU (its OUs: "
                + admin.organizationalUnits() + ")");
      }
    }
  }

  private static MspSetupException invalid(String rule, String message) {
    return new MspSetupException(Reason.ADMIN_INVALID, rule, message);
  }
}
