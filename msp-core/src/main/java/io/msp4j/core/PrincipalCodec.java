package io.msp4j.core;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import java.util.ArrayList;
import java.util.List;
import org.hyperledger.fabric.protos.common.CombinedPrincipal;
import org.hyperledger.fabric.protos.common.MSPIdentityAnonymity;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;

/** Converts {@link Principal} values to and from Fabric's {@code MSPPrincipal} (PROTO-05). */
final class PrincipalCodec {
  /** How deeply combinations may nest in {@link Principal#fromProto}. */
  static final int MAX_DEPTH = 100;

  private PrincipalCodec() {}

  static MSPPrincipal encode(Principal.Role r) {
    MSPRole role =
        MSPRole.newBuilder().setMspIdentifier(r.mspId()).setRoleValue(r.role().number()).build();
    return principal(MSPPrincipal.Classification.ROLE, role.toByteString());
  }

  static MSPPrincipal encode(Principal.OrganizationUnit o) {
    OrganizationUnit ou =
        OrganizationUnit.newBuilder()
            .setMspIdentifier(o.mspId())
            .setOrganizationalUnitIdentifier(o.ou())
            .setCertifiersIdentifier(ByteString.copyFrom(o.certifiersId()))
            .build();
    return principal(MSPPrincipal.Classification.ORGANIZATION_UNIT, ou.toByteString());
  }

  static MSPPrincipal encode(Principal.IdentityPrincipal i) {
    return principal(
        MSPPrincipal.Classification.IDENTITY, ByteString.copyFrom(i.serializedIdentity()));
  }

  static MSPPrincipal encode(Principal.Anonymity a) {
    MSPIdentityAnonymity anon =
        MSPIdentityAnonymity.newBuilder().setAnonymityTypeValue(a.number()).build();
    return principal(MSPPrincipal.Classification.ANONYMITY, anon.toByteString());
  }

  static MSPPrincipal encode(Principal.Combined c) {
    CombinedPrincipal.Builder b = CombinedPrincipal.newBuilder();
    for (Principal p : c.principals()) {
      b.addPrincipals(p.toProto());
    }
    return principal(MSPPrincipal.Classification.COMBINED, b.build().toByteString());
  }

  static Principal decode(MSPPrincipal p) {
    return decode(p, 0);
  }

  private static Principal decode(MSPPrincipal p, int depth) {
    int classification = p.getPrincipalClassificationValue();
    ByteString payload = p.getPrincipal();
    switch (classification) {
      case MSPPrincipal.Classification.ROLE_VALUE -> {
        MSPRole role = parse(payload, MSPRole.parser(), "MSPRole");
        for (Principal.RoleType t : Principal.RoleType.values()) {
          if (t.number() == role.getRoleValue()) {
            return new Principal.Role(role.getMspIdentifier(), t);
          }
        }
        throw malformed("PRINCIPAL-ROLE-02", "unknown MSP role type " + role.getRoleValue());
      }
      case MSPPrincipal.Classification.ORGANIZATION_UNIT_VALUE -> {
        OrganizationUnit ou = parse(payload, OrganizationUnit.parser(), "OrganizationUnit");
        return Principal.OrganizationUnit.of(
            ou.getMspIdentifier(),
            ou.getOrganizationalUnitIdentifier(),
            ou.getCertifiersIdentifier().toByteArray());
      }
      case MSPPrincipal.Classification.IDENTITY_VALUE -> {
        return Principal.IdentityPrincipal.ofSerialized(payload.toByteArray());
      }
      case MSPPrincipal.Classification.ANONYMITY_VALUE -> {
        MSPIdentityAnonymity anon = parse(payload, MSPIdentityAnonymity.parser(), "MSPIdentityAnonymity");
        for (Principal.Anonymity a : Principal.Anonymity.values()) {
          if (a.number() == anon.getAnonymityTypeValue()) {
            return a;
          }
        }
        throw malformed(
            "PRINCIPAL-ANON-02", "unknown anonymity type " + anon.getAnonymityTypeValue());
      }
      case MSPPrincipal.Classification.COMBINED_VALUE -> {
        if (depth >= MAX_DEPTH) {
          throw malformed(
              "PRINCIPAL-COMB-02",
              "combined principals nest deeper than " + MAX_DEPTH
                  + " levels; pass the MSPPrincipal to Msp.satisfies instead");
        }
        CombinedPrincipal combined = parse(payload, CombinedPrincipal.parser(), "CombinedPrincipal");
        if (combined.getPrincipalsCount() == 0) {
          throw malformed("PRINCIPAL-COMB-02", "the combined principal has no members");
        }
        List<Principal> members = new ArrayList<>(combined.getPrincipalsCount());
        for (MSPPrincipal m : combined.getPrincipalsList()) {
          members.add(decode(m, depth + 1));
        }
        return new Principal.Combined(members);
      }
      default -> throw malformed("PRINCIPAL-02", "unknown principal classification " + classification);
    }
  }

  private static MSPPrincipal principal(MSPPrincipal.Classification c, ByteString payload) {
    return MSPPrincipal.newBuilder().setPrincipalClassification(c).setPrincipal(payload).build();
  }

  private static <T> T parse(ByteString payload, com.google.protobuf.Parser<T> parser, String what) {
    try {
      return parser.parseFrom(payload);
    } catch (InvalidProtocolBufferException e) {
      throw malformed("PRINCIPAL-02", "the principal is not a " + what + " protobuf: " + e.getMessage());
    }
  }

  private static MspException malformed(String rule, String message) {
    return new MspException(Reason.PRINCIPAL_MALFORMED, rule, message);
  }
}
