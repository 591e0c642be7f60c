package io.msp4j.x509.internal.msp;

import java.util.Arrays;

/**
 * One NodeOU classification of the MSP: the OU string and, when configured, the certifiers
 * identifier an identity's OU must carry (NODEOU-02/03).
 */
record NodeOu(String ou, byte[] certifiersId) {
  NodeOu {
    certifiersId = certifiersId == null ? new byte[0] : certifiersId.clone();
  }

  boolean hasCertifiers() {
    return certifiersId.length != 0;
  }

  boolean certifiedBy(byte[] id) {
    return Arrays.equals(certifiersId, id);
  }
}
