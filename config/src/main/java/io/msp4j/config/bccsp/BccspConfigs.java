package io.msp4j.config.bccsp;

import io.msp4j.config.internal.BccspYaml;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Reads the {@code BCCSP} section in Fabric's own forms: a peer's {@code core.yaml} (its {@code
 * peer.BCCSP}), an orderer's {@code orderer.yaml} (its {@code General.BCCSP}), or a YAML file whose
 * top-level key is {@code BCCSP}. Keys are matched without regard to case, as Fabric's viper does.
 *
 * <p>Fabric's environment overrides are honoured for a core.yaml ({@code CORE_PEER_BCCSP_DEFAULT},
 * {@code CORE_PEER_BCCSP_PKCS11_PIN}, {@code ..._LABEL}, {@code ..._LIBRARY}, {@code ..._HASH},
 * {@code ..._SECURITY}, {@code ..._SOFTWAREVERIFY}, {@code ..._IMMUTABLE}, {@code ..._ALTID}) and
 * for an orderer.yaml (the same with {@code ORDERER_GENERAL_BCCSP_}).
 */
public final class BccspConfigs {
  private BccspConfigs() {}

  /** Reads {@code file} with this process's environment. */
  public static BccspConfig read(Path file) {
    return read(file, System.getenv());
  }

  /**
   * Reads {@code file} with the given environment.
   *
   * @throws io.msp4j.core.MspSetupException with reason {@code BCCSP_CONFIG_INVALID} (rule P11-01)
   *     naming the file and the setting at fault; never showing the PIN
   */
  public static BccspConfig read(Path file, Map<String, String> environment) {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(environment, "environment");
    return BccspYaml.read(file, environment);
  }
}
