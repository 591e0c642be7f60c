package io.msp4j.cli.operations;

import io.msp4j.x509.ConfigSources;
import io.msp4j.x509.inspect.CertificateNode;
import io.msp4j.x509.inspect.InspectOptions;
import io.msp4j.x509.inspect.MspInspection;
import io.msp4j.x509.inspect.MspInspector;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * One certificate of an MSP and when it expires, as the expiry check reads it.
 *
 * @param mspId the MSP
 * @param role its role in the MSP (root CA, admin, TLS CA...)
 * @param subject its subject
 * @param serialHex its serial number
 * @param notAfter when it expires
 */
public record CertificateExpiry(String mspId, String role, String subject, String serialHex,
    Instant notAfter) {

  /** Checks the parts. */
  public CertificateExpiry {
    Objects.requireNonNull(mspId, "mspId");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(serialHex, "serialHex");
    Objects.requireNonNull(notAfter, "notAfter");
  }

  /**
   * Every certificate of an MSP configuration (CAs, intermediate CAs, TLS CAs, admins, the
   * signing certificate, OU certificates), as {@code msp expiry} reads them.
   */
  public static List<CertificateExpiry> of(MSPConfig config, ConfigSources sources) {
    MspInspection inspection = MspInspector.inspect(config,
        InspectOptions.defaults().withSources(sources));
    List<CertificateExpiry> out = new ArrayList<>();
    for (CertificateNode n : inspection.allCertificates()) {
      out.add(new CertificateExpiry(inspection.mspId(), n.role().label(), n.subject(),
          n.serialHex(), n.notAfter()));
    }
    return List.copyOf(out);
  }

  @Override
  public String toString() {
    return mspId + " " + role + " " + subject + " (serial " + serialHex + ") notAfter " + notAfter;
  }
}
