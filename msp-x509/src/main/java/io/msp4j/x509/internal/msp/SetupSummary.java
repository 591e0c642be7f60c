package io.msp4j.x509.internal.msp;

import com.google.protobuf.InvalidProtocolBufferException;
import org.hyperledger.fabric.protos.msp.FabricMSPConfig;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/** One-line descriptions of an MSP configuration for log messages. */
public final class SetupSummary {
  private SetupSummary() {}

  /** The MSP ID the configuration names, or a placeholder when it does not decode. */
  public static String name(MSPConfig config) {
    try {
      String name = FabricMSPConfig.parseFrom(config.getConfig()).getName();
      return name.isEmpty() ? "(no name)" : name;
    } catch (InvalidProtocolBufferException e) {
      return "(undecodable config)";
    }
  }

  /** What the configuration holds, such as {@code 1 root CA, 1 intermediate CA, 0 admins, ...}. */
  public static String of(MSPConfig config) {
    FabricMSPConfig c;
    try {
      c = FabricMSPConfig.parseFrom(config.getConfig());
    } catch (InvalidProtocolBufferException e) {
      return "(undecodable config)";
    }
    return count(c.getRootCertsCount(), "root CA")
        + ", " + count(c.getIntermediateCertsCount(), "intermediate CA")
        + ", " + count(c.getAdminsCount(), "admin")
        + ", " + count(c.getRevocationListCount(), "CRL")
        + ", " + count(c.getOrganizationalUnitIdentifiersCount(), "OU identifier")
        + ", NodeOUs " + (c.hasFabricNodeOus() && c.getFabricNodeOus().getEnable() ? "on" : "off")
        + ", " + count(c.getTlsRootCertsCount(), "TLS root CA")
        + ", " + count(c.getTlsIntermediateCertsCount(), "TLS intermediate CA")
        + (c.hasSigningIdentity() ? ", a signing identity" : "");
  }

  private static String count(int n, String what) {
    return n + " " + what + (n == 1 ? "" : "s");
  }
}
