package io.msp4j.x509;

import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import io.msp4j.x509.internal.msp.MspSetup;
import io.msp4j.x509.internal.msp.SetupSummary;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets up X.509 MSPs from Fabric's {@code MSPConfig}.
 *
 * <p>Logs through SLF4J under this class's name: what each MSP holds once set up (debug) and why
 * a configuration was refused (warn).
 */
public final class X509Msps {
  private static final Logger LOG = LoggerFactory.getLogger(X509Msps.class);

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
    X509Msp msp;
    try {
      msp = MspSetup.run(config, version, options);
    } catch (MspSetupException e) {
      if (LOG.isWarnEnabled()) {
        LOG.warn("MSP {} refused at version {}: [{}] {}",
            SetupSummary.name(config), version, e.rule(), e.detail());
      }
      throw e;
    }
    if (LOG.isDebugEnabled()) {
      LOG.debug("MSP {} set up at version {}: {}", msp.id(), version, SetupSummary.of(config));
    }
    return msp;
  }

  /** Sets up a verifying (channel) MSP with default options. */
  public static X509Msp setup(MSPConfig config, MspVersion version) {
    return setup(config, version, SetupOptions.defaults());
  }
}
