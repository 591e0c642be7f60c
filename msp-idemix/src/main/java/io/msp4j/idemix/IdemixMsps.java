package io.msp4j.idemix;

import io.msp4j.core.FabricRelease;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.MspVersion;
import java.security.SecureRandom;
import java.util.Objects;
import org.hyperledger.fabric.protos.msp.MSPConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets up idemix MSPs from Fabric's {@code MSPConfig} of type 1, whose {@code config} is an
 * {@code IdemixMSPConfig}, with Fabric's setup rules (spec Appendix G). Type 2 (IBM idemix's
 * IDEMIX_ARIES) is set up as type 1, as Fabric's idemix MSP does; channels never get that far
 * with it (CHANNEL-MSP-04).
 *
 * <p>Logs through SLF4J under this class's name: the MSP set up (debug) and why a configuration
 * was refused (warn). The signer's secrets are never logged.
 */
public final class IdemixMsps {
  private static final Logger LOG = LoggerFactory.getLogger(IdemixMsps.class);

  private IdemixMsps() {}

  /**
   * Sets up an idemix MSP at {@code version}; its signer, if the configuration has one, draws its
   * pseudonym and signature randomness from a new {@link SecureRandom}.
   *
   * @throws MspSetupException naming the part at fault and the rule: the version (IDEMIX-VER-01),
   *     the issuer key (IDEMIX-IPK-01, IDEMIX-POINT-01), the revocation key or the signer
   *     (IDEMIX-FOLDER-01, IDEMIX-ROLE-01)
   */
  public static IdemixMsp setup(MSPConfig config, MspVersion version) {
    return setup(config, version, FabricRelease.defaultRelease(), new SecureRandom());
  }

  /**
   * {@link #setup(MSPConfig, MspVersion)} with the verdicts of Fabric {@code release}: they
   * differ only in how a 63-byte pseudonym decodes (IDEMIX-V3-01).
   */
  public static IdemixMsp setup(MSPConfig config, MspVersion version, FabricRelease release) {
    return setup(config, version, release, new SecureRandom());
  }

  /** {@link #setup(MSPConfig, MspVersion)} with the signer's randomness from {@code rng}. */
  public static IdemixMsp setup(MSPConfig config, MspVersion version, SecureRandom rng) {
    return setup(config, version, FabricRelease.defaultRelease(), rng);
  }

  /**
   * Sets up an idemix MSP with the verdicts of Fabric {@code release}, its signer's randomness
   * from {@code rng}.
   */
  public static IdemixMsp setup(MSPConfig config, MspVersion version, FabricRelease release,
      SecureRandom rng) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(release, "release");
    Objects.requireNonNull(rng, "rng");
    try {
      IdemixMsp msp = IdemixSetup.run(config, version, release, rng);
      if (LOG.isDebugEnabled()) {
        LOG.debug("idemix MSP {} set up at version {}: issuer key {}{}", msp.id(), version,
            msp.issuerKey(), msp.hasSigner() ? ", with a signer" : "");
      }
      return msp;
    } catch (MspSetupException e) {
      if (LOG.isWarnEnabled()) {
        LOG.warn("idemix MSP refused at version {}: [{}] {}", version, e.rule(), e.detail());
      }
      throw e;
    }
  }
}
