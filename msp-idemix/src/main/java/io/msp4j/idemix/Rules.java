package io.msp4j.idemix;

/** The spec rule IDs (Appendix G) this module cites. */
final class Rules {
  static final String POINT = "IDEMIX-POINT-01";
  static final String IPK = "IDEMIX-IPK-01";
  static final String VALIDATE = "IDEMIX-VALIDATE-01";
  static final String VERIFY = "IDEMIX-VERIFY-01";
  static final String ROLE = "IDEMIX-ROLE-01";
  static final String STRICT_PSEUDONYM_MISMATCH = "MSP4J-IDEMIX-STRICT-01";
  static final String STRICT_PSEUDONYM_NOT_A_POINT = "MSP4J-IDEMIX-STRICT-02";

  private Rules() {}
}
