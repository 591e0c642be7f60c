package io.msp4j.x509;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.ByteString;
import io.msp4j.core.Identity;
import io.msp4j.core.IdentityException;
import io.msp4j.core.Msp;
import io.msp4j.core.Principal;
import io.msp4j.core.Reason;
import io.msp4j.testdata.IssuedCertificate;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.CombinedPrincipal;
import org.hyperledger.fabric.protos.common.MSPPrincipal;

/** Short ways to ask an MSP for verdicts in principal tests. */
final class PrincipalVerdicts {
  private PrincipalVerdicts() {}

  static Identity identity(Msp msp, IssuedCertificate c) {
    return msp.deserialize(MspConfigs.serialized(c));
  }

  /** The reason {@code principal} is not satisfied, or null when it is. */
  static Reason outcome(Msp msp, Identity id, MSPPrincipal principal) {
    try {
      msp.satisfies(id, principal);
      return null;
    } catch (IdentityException e) {
      return e.reason();
    }
  }

  static Reason outcome(Msp msp, Identity id, Principal principal) {
    return outcome(msp, id, principal.toProto());
  }

  /** The failure, checked to have the given reason and rule. */
  static IdentityException fails(Msp msp, Identity id, MSPPrincipal principal, Reason reason, String rule) {
    IdentityException e = assertThrows(IdentityException.class, () -> msp.satisfies(id, principal));
    assertThat(e.reason()).as(e.getMessage()).isEqualTo(reason);
    assertThat(e.rule()).as(e.getMessage()).isEqualTo(rule);
    return e;
  }

  static IdentityException fails(Msp msp, Identity id, Principal principal, Reason reason, String rule) {
    return fails(msp, id, principal.toProto(), reason, rule);
  }

  /** Which of MEMBER, ADMIN, CLIENT, PEER, ORDERER of {@code msp} the identity satisfies, as "MACPO" with '-' for no. */
  static String roles(Msp msp, Identity id) {
    StringBuilder sb = new StringBuilder();
    String letters = "MACPO";
    for (Principal.RoleType t : Principal.RoleType.values()) {
      sb.append(msp.isSatisfied(id, new Principal.Role(msp.id(), t)) ? letters.charAt(t.ordinal()) : '-');
    }
    return sb.toString();
  }

  static MSPPrincipal raw(int classification, ByteString payload) {
    return MSPPrincipal.newBuilder()
        .setPrincipalClassificationValue(classification)
        .setPrincipal(payload)
        .build();
  }

  static MSPPrincipal combined(MSPPrincipal... members) {
    return raw(4, CombinedPrincipal.newBuilder().addAllPrincipals(new ArrayList<>(List.of(members))).build().toByteString());
  }
}
