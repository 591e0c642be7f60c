package io.msp4j.cli;

import com.google.protobuf.InvalidProtocolBufferException;
import io.msp4j.core.Msp;
import io.msp4j.core.MspException;
import io.msp4j.idemix.IdemixIssuerKey;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hyperledger.fabric.protos.msp.IdemixMSPConfig;
import org.hyperledger.fabric.protos.msp.IdemixMSPSignerConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * What {@code inspect} shows of an idemix MSP: its issuer key (hash and attribute names), whether
 * it has a revocation key and a signer (OU, role mask, enrollment ID; never the secret key or the
 * credential), and whether it sets up. Idemix has no certificates, so no tree and no expiry.
 */
final class IdemixInspect {
  private IdemixInspect() {}

  static boolean isIdemix(MSPConfig config) {
    return config.getType() == Msp.IDEMIX_PROVIDER;
  }

  static Map<String, Object> json(String where, MSPConfig config, SetupVerdict setup) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("where", where);
    o.put("type", "idemix");
    o.put("setup", setup.json());
    IdemixMSPConfig c = parse(config);
    o.put("msp_id", c == null ? null : c.getName());
    o.put("issuer_key", c == null ? null : issuerKey(c));
    o.put("revocation_key_bytes", c == null ? null : c.getRevocationPk().size());
    o.put("signer", c == null || !c.hasSigner() ? null : signer(c.getSigner()));
    return o;
  }

  static String text(String where, MSPConfig config, SetupVerdict setup) {
    StringBuilder sb = new StringBuilder();
    IdemixMSPConfig c = parse(config);
    sb.append(where).append(": idemix MSP").append(c == null ? "" : " " + c.getName()).append('\n');
    sb.append("  ").append(setup.text()).append('\n');
    if (c == null) {
      sb.append("  the MSP config is not an IdemixMSPConfig protobuf\n");
      return sb.toString();
    }
    Map<String, Object> key = issuerKey(c);
    if (key.get("error") != null) {
      sb.append("  issuer key: refused: ").append(key.get("error")).append('\n');
    } else {
      sb.append("  issuer key: hash ").append(key.get("hash")).append(", attributes ")
          .append(key.get("attribute_names")).append('\n');
    }
    sb.append("  revocation key: ").append(c.getRevocationPk().isEmpty() ? "missing"
        : c.getRevocationPk().size() + " bytes (not used by Fabric after setup)").append('\n');
    if (c.hasSigner()) {
      Map<String, Object> s = signer(c.getSigner());
      sb.append("  signer: OU ").append(s.get("ou")).append(", role mask ").append(s.get("role_mask"))
          .append(" (").append(Boolean.TRUE.equals(s.get("admin")) ? "admin" : "member")
          .append("), enrollment ID ").append(s.get("enrollment_id")).append('\n');
    } else {
      sb.append("  signer: none (a verifying MSP)\n");
    }
    sb.append("  identities: anonymous (a pseudonym, an OU and a role; no certificate, no expiry)\n");
    return sb.toString();
  }

  private static IdemixMSPConfig parse(MSPConfig config) {
    try {
      return IdemixMSPConfig.parseFrom(config.getConfig());
    } catch (InvalidProtocolBufferException e) {
      return null;
    }
  }

  private static Map<String, Object> issuerKey(IdemixMSPConfig c) {
    Map<String, Object> o = new LinkedHashMap<>();
    try {
      IdemixIssuerKey key = IdemixIssuerKey.parse(c.getIpk().toByteArray());
      o.put("hash", HexFormat.of().formatHex(key.hash()));
      o.put("attribute_names", key.attributeNames());
      o.put("error", null);
    } catch (MspException e) {
      o.put("hash", null);
      o.put("attribute_names", null);
      o.put("error", "[" + e.rule() + "] " + e.detail());
    }
    return o;
  }

  private static Map<String, Object> signer(IdemixMSPSignerConfig s) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("ou", s.getOrganizationalUnitIdentifier());
    o.put("role_mask", s.getRole());
    o.put("admin", (s.getRole() & 2) == 2);
    o.put("enrollment_id", s.getEnrollmentId());
    return o;
  }
}
