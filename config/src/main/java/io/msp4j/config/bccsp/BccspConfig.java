package io.msp4j.config.bccsp;

import io.msp4j.pkcs11.Pkcs11Settings;
import java.util.Objects;

/**
 * The {@code BCCSP} section of a Fabric node's configuration: where the local MSP's signing key
 * is. {@link Software} means key files in the MSP folder's {@code keystore}, as without a BCCSP
 * section; {@link Pkcs11} means a PKCS#11 token (spec Appendix D, P11-01..05).
 */
public sealed interface BccspConfig {

  /** {@code Default: SW}: keys in files. */
  record Software() implements BccspConfig {}

  /** {@code Default: PKCS11}: keys on a token. */
  record Pkcs11(Pkcs11Settings settings) implements BccspConfig {
    public Pkcs11 {
      Objects.requireNonNull(settings, "settings");
    }

    @Override
    public String toString() {
      return "Pkcs11[" + settings + "]";
    }
  }
}
