package io.msp4j.testdata;

/** How {@link MspFolder} names the signing identity's key file in {@code keystore/}. */
public enum KeystoreNaming {
  /** {@code priv_sk}, as cryptogen writes it. */
  PRIV_SK,
  /** {@code <hex SKI>_sk}, as fabric-ca writes it (SKI per {@link SubjectKeyIds#fabricSki}). */
  SKI_SK;

  String fileName(IssuedCertificate cert) {
    return this == PRIV_SK ? "priv_sk" : SubjectKeyIds.fabricSkiHex(cert.publicKey()) + "_sk";
  }
}
