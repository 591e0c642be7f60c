package io.msp4j.x509;

import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.x509.internal.msp.MspSetup;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/** Sets up X.509 MSPs from Fabric's {@code MSPConfig}. */
public final class X509Msps {
  private X509Msps() {}

  /**
   * Sets up an MSP from its configuration at the given version, with Fabric's setup rules (spec
   * section 3).
   *
   * @throws MspSetupException naming the rule and the certificate or entry at fault
   */
  public static X509Msp setup(MSPConfig config, MspVersion version, SetupOptions options) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(options, "options");
    return MspSetup.run(config, version, options);
  }

  /** Sets up a verifying (channel) MSP with default options. */
  public static X509Msp setup(MSPConfig config, MspVersion version) {
    return setup(config, version, SetupOptions.defaults());
  }
}
