package io.msp4j.core.policy;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Principal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.hyperledger.fabric.protos.common.CombinedPrincipal;
import org.hyperledger.fabric.protos.common.MSPIdentityAnonymity;
import org.hyperledger.fabric.protos.common.MSPPrincipal;
import org.hyperledger.fabric.protos.common.MSPRole;
import org.hyperledger.fabric.protos.common.OrganizationUnit;
import org.hyperledger.fabric.protos.common.SignaturePolicy;
import org.hyperledger.fabric.protos.common.SignaturePolicyEnvelope;
import org.hyperledger.fabric.protos.msp.SerializedIdentity;

/**
 * Writes a signature policy in the DSL (see {@link PolicyDsl#print}). Gates are written as AND or
 * OR where that is exact, as OutOf otherwise; what the DSL cannot say is written in angle
 * brackets, which no DSL text contains, so that such a text never compiles by accident.
 */
final class DslPrinter {
  private final SignaturePolicyEnvelope envelope;
  private final StringBuilder out = new StringBuilder();

  private DslPrinter(SignaturePolicyEnvelope envelope) {
    this.envelope = envelope;
  }

  static String print(SignaturePolicyEnvelope envelope) {
    DslPrinter p = new DslPrinter(envelope);
    if (!envelope.hasRule()) {
      return "<no rule>";
    }
    p.rule(envelope.getRule());
    return p.out.toString();
  }

  /** Iterative, so that a rule tree of any depth prints without exhausting the stack. */
  private void rule(SignaturePolicy root) {
    // Each frame is a rule still to print, or the text that closes or separates gates.
    Deque<Object> work = new ArrayDeque<>();
    work.push(root);
    while (!work.isEmpty()) {
      Object next = work.pop();
      if (next instanceof String text) {
        out.append(text);
        continue;
      }
      SignaturePolicy r = (SignaturePolicy) next;
      switch (r.getTypeCase()) {
        case SIGNED_BY -> out.append(signedBy(r.getSignedBy()));
        case N_OUT_OF -> {
          SignaturePolicy.NOutOf g = r.getNOutOf();
          List<SignaturePolicy> rules = g.getRulesList();
          int k = rules.size();
          if (k > 0 && g.getN() == 1) {
            out.append("OR(");
          } else if (k > 1 && g.getN() == k) {
            out.append("AND(");
          } else {
            out.append("OutOf(").append(g.getN()).append(k > 0 ? ", " : "");
          }
          work.push(")");
          for (int i = k - 1; i >= 0; i--) {
            work.push(rules.get(i));
            if (i > 0) {
              work.push(", ");
            }
          }
        }
        default -> out.append("<rule not set>");
      }
    }
  }

  private String signedBy(int index) {
    if (index < 0 || index >= envelope.getIdentitiesCount()) {
      return "<signed by identity " + index + " of " + envelope.getIdentitiesCount() + ">";
    }
    return principal(envelope.getIdentities(index));
  }

  static String principal(MSPPrincipal p) {
    ByteString payload = p.getPrincipal();
    try {
      switch (p.getPrincipalClassificationValue()) {
        case MSPPrincipal.Classification.ROLE_VALUE -> {
          MSPRole role = MSPRole.parseFrom(payload);
          String name = roleName(role.getRoleValue());
          String id = role.getMspIdentifier();
          if (name != null && !id.isEmpty() && id.chars().allMatch(c -> DslParser.isMspIdChar((char) c))) {
            return "'" + id + "." + name + "'";
          }
          return "<role " + (name == null ? Integer.toString(role.getRoleValue()) : name)
              + " of MSP " + quote(id) + ">";
        }
        case MSPPrincipal.Classification.ORGANIZATION_UNIT_VALUE -> {
          OrganizationUnit ou =
              OrganizationUnit.parseFrom(payload);
          return "<OU " + quote(ou.getOrganizationalUnitIdentifier()) + " of MSP "
              + quote(ou.getMspIdentifier()) + " certified by "
              + HexFormat.of().formatHex(ou.getCertifiersIdentifier().toByteArray()) + ">";
        }
        case MSPPrincipal.Classification.IDENTITY_VALUE -> {
          SerializedIdentity si = SerializedIdentity.parseFrom(payload);
          return "<identity of MSP " + quote(si.getMspid()) + " sha256:"
              + sha256Hex(si.getIdBytes()) + ">";
        }
        case MSPPrincipal.Classification.ANONYMITY_VALUE -> {
          int type = MSPIdentityAnonymity.parseFrom(payload)
              .getAnonymityTypeValue();
          return type == Principal.Anonymity.NOMINAL.number() ? "<nominal>"
              : type == Principal.Anonymity.ANONYMOUS.number() ? "<anonymous>"
              : "<anonymity type " + type + ">";
        }
        case MSPPrincipal.Classification.COMBINED_VALUE -> {
          CombinedPrincipal c =
              CombinedPrincipal.parseFrom(payload);
          StringBuilder b = new StringBuilder("<all of ");
          for (int i = 0; i < c.getPrincipalsCount(); i++) {
            b.append(i == 0 ? "" : ", ").append(principal(c.getPrincipals(i)));
          }
          return b.append(">").toString();
        }
        default -> {
          return "<principal of classification " + p.getPrincipalClassificationValue() + ">";
        }
      }
    } catch (InvalidProtocolBufferException e) {
      return "<undecodable principal of classification " + p.getPrincipalClassificationValue() + ">";
    }
  }

  private static String roleName(int role) {
    for (Principal.RoleType t : Principal.RoleType.values()) {
      if (t.number() == role) {
        return t.name().toLowerCase(Locale.ROOT);
      }
    }
    return null;
  }

  private static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (Character.isISOControl(c)) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }

  private static String sha256Hex(ByteString bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
  }
}
