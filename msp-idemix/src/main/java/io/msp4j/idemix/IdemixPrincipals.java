package io.msp4j.idemix;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.IdentityException;
import io.msp4j.core.MspVersion;
import io.msp4j.core.Reason;
import java.util.Arrays;
import org.hyperledger.fabric.protos.common.CombinedPrincipal;
import org.hyperledger.fabric.protos.common.MSPIdentityAnonymity;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;

/**
 * Principals for an identity whose proof has already been checked, with Fabric's idemix rules
 * (IDEMIX-ROLE-01, IDEMIX-VER-01): MEMBER, and from 1.3 CLIENT, hold for any valid identity;
 * ADMIN needs the claimed role ADMIN (which the proof binds); PEER and ORDERER never hold; an
 * OU compares the MSP ID and the OU string only; IDENTITY compares the re-serialization;
 * anonymity (1.3+) is always ANONYMOUS; a combination (1.3+) needs every member.
 */
final class IdemixPrincipals {
  private static final String ROLE = "IDEMIX-ROLE-01";
  private static final String VERSION = "IDEMIX-VER-01";

  private IdemixPrincipals() {}

  static void check(IdemixMsp msp, IdemixMspIdentity id, MSPPrincipal principal) {
    MspVersion version = msp.version();
    ByteString bytes = principal.getPrincipal();
    switch (principal.getPrincipalClassification()) {
      case ROLE -> role(msp, id, parse(bytes, MSPRole.parser(), "MSPRole"));
      case IDENTITY -> {
        if (!Arrays.equals(id.serialize(), bytes.toByteArray())) {
          throw fail(Reason.PRINCIPAL_NOT_SATISFIED, ROLE,
              "the identity is not the principal's (compared with Fabric's re-serialization)");
        }
      }
      case ORGANIZATION_UNIT -> {
        OrganizationUnit ou = parse(bytes, OrganizationUnit.parser(), "OrganizationUnit");
        requireMspId(msp, ou.getMspIdentifier());
        if (!ou.getOrganizationalUnitIdentifier().equals(id.organizationalUnitIdentifier())) {
          throw fail(Reason.PRINCIPAL_NOT_SATISFIED, ROLE, "the identity's OU '"
              + id.organizationalUnitIdentifier() + "' is not the principal's '"
              + ou.getOrganizationalUnitIdentifier() + "'");
        }
      }
      case COMBINED -> {
        requireAtLeast13(version, "combined principals");
        CombinedPrincipal all = parse(bytes, CombinedPrincipal.parser(), "CombinedPrincipal");
        if (all.getPrincipalsCount() == 0) {
          throw fail(Reason.PRINCIPAL_MALFORMED, ROLE, "the combined principal has no principals");
        }
        for (MSPPrincipal p : all.getPrincipalsList()) {
          check(msp, id, p);
        }
      }
      case ANONYMITY -> {
        requireAtLeast13(version, "anonymity principals");
        MSPIdentityAnonymity a = parse(bytes, MSPIdentityAnonymity.parser(), "MSPIdentityAnonymity");
        switch (a.getAnonymityTypeValue()) {
          case MSPIdentityAnonymity.MSPIdentityAnonymityType.ANONYMOUS_VALUE -> { }
          case MSPIdentityAnonymity.MSPIdentityAnonymityType.NOMINAL_VALUE -> throw fail(
              Reason.PRINCIPAL_NOT_SATISFIED, ROLE, "the principal is nominal; idemix identities are anonymous");
          default -> throw fail(Reason.PRINCIPAL_MALFORMED, ROLE,
              "unknown anonymity type " + a.getAnonymityTypeValue());
        }
      }
      default -> throw fail(Reason.PRINCIPAL_MALFORMED, ROLE,
          "invalid principal classification " + principal.getPrincipalClassificationValue());
    }
  }

  private static void role(IdemixMsp msp, IdemixMspIdentity id, MSPRole role) {
    requireMspId(msp, role.getMspIdentifier());
    boolean v13 = msp.version().atLeast(MspVersion.V1_3);
    switch (role.getRoleValue()) {
      case MSPRole.MSPRoleType.MEMBER_VALUE -> { }
      case MSPRole.MSPRoleType.ADMIN_VALUE -> {
        if (id.parsed().role().getRoleValue() != MSPRole.MSPRoleType.ADMIN_VALUE) {
          throw fail(Reason.PRINCIPAL_NOT_SATISFIED, ROLE, "the identity is not an admin (its role is "
              + id.role() + ")");
        }
      }
      case MSPRole.MSPRoleType.PEER_VALUE -> {
        if (v13) {
          throw fail(Reason.PRINCIPAL_NOT_SATISFIED, ROLE,
              "an idemix MSP has only clients: it never satisfies a PEER principal");
        }
        throw unsupportedRole(role, msp.version());
      }
      case MSPRole.MSPRoleType.CLIENT_VALUE -> {
        if (!v13) {
          throw unsupportedRole(role, msp.version());
        }
      }
      default -> throw unsupportedRole(role, msp.version());
    }
  }

  private static IdentityException unsupportedRole(MSPRole role, MspVersion version) {
    return fail(Reason.PRINCIPAL_UNSUPPORTED, VERSION, "an idemix MSP at version " + version
        + " has no role type " + role.getRoleValue() + " (" + role.getRole() + ")");
  }

  private static void requireMspId(IdemixMsp msp, String principalMspId) {
    if (!principalMspId.equals(msp.id())) {
      throw fail(Reason.MSP_ID_MISMATCH, ROLE, "the principal names MSP '" + principalMspId
          + "', not '" + msp.id() + "'");
    }
  }

  private static void requireAtLeast13(MspVersion version, String what) {
    if (!version.atLeast(MspVersion.V1_3)) {
      throw fail(Reason.PRINCIPAL_UNSUPPORTED, VERSION, what + " are not supported by an idemix MSP at "
          + "version " + version);
    }
  }

  private static <T> T parse(ByteString bytes, com.google.protobuf.Parser<T> parser, String what) {
    try {
      return parser.parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      throw fail(Reason.PRINCIPAL_MALFORMED, ROLE, "the principal is not an " + what + ": "
          + e.getMessage());
    }
  }

  private static IdentityException fail(Reason reason, String rule, String message) {
    return new IdentityException(reason, rule, message, null);
  }
}
