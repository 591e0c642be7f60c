package io.msp4j.x509.inspect;

import io.msp4j.core.MspSetupException;
import io.msp4j.x509.internal.msp.ConfigInspector;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.MSPConfig;

/**
 * Describes an MSP configuration: its CA trees with what each CA issued, OU and NodeOU bindings,
 * CRLs, and marks for revoked, expired, soon-expiring and unused certificates.
 *
 * <p>The configuration is not set up: every entry that parses is shown, so a configuration that
 * setup refuses can still be looked at (entries that do not parse are listed as problems). A
 * certificate is placed below a configured CA when its issuer name is that CA's subject and its
 * signature verifies with that CA's key, as Go's chain building links them; revocation follows
 * VALIDATE-CRL-02. Expiry marks use the options' clock; nothing here changes a verdict of
 * {@link io.msp4j.x509.X509Msps#setup} or of validation, which ignore expiry as Fabric does.
 */
public final class MspInspector {
  private MspInspector() {}

  /**
   * Inspects {@code config}.
   *
   * @throws MspSetupException when {@code MSPConfig.config} is not a FabricMSPConfig
   *     (SETUP-CONF-01)
   */
  public static MspInspection inspect(MSPConfig config, InspectOptions options) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(options, "options");
    return ConfigInspector.inspect(config, options);
  }
}
