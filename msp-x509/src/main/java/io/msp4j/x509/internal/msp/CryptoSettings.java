package io.msp4j.x509.internal.msp;

import org.hyperledger.fabric.protos.msp.FabricMSPConfig;

/**
 * The MSP's hash choices with Fabric's defaults applied field by field (SETUP-CRYPTO-01). The
 * values are not checked here: an unknown identity hash fails identity creation
 * (SETUP-CRYPTO-02) and an unknown signature hash family fails signing and verification
 * (SETUP-CRYPTO-03).
 */
record CryptoSettings(String signatureHashFamily, String identityHashFunction) {
  static final String DEFAULT_FAMILY = "SHA2";
  static final String DEFAULT_IDENTITY_HASH = "SHA256";

  static CryptoSettings of(FabricMSPConfig config) {
    String family = config.getCryptoConfig().getSignatureHashFamily();
    String idHash = config.getCryptoConfig().getIdentityIdentifierHashFunction();
    return new CryptoSettings(
        family.isEmpty() ? DEFAULT_FAMILY : family,
        idHash.isEmpty() ? DEFAULT_IDENTITY_HASH : idHash);
  }
}
