package io.msp4j.x509.inspect;

/** Where a certificate sits in an MSP configuration (FabricMSPConfig field). */
public enum CertificateRole {
  /** {@code root_certs} ({@code cacerts/}). */
  ROOT_CA("root CA"),
  /** {@code intermediate_certs} ({@code intermediatecerts/}). */
  INTERMEDIATE_CA("intermediate CA"),
  /** {@code admins} ({@code admincerts/}). */
  ADMIN("admin"),
  /** {@code signing_identity.public_signer} ({@code signcerts/} of a local MSP). */
  SIGNER("signing certificate"),
  /** {@code tls_root_certs} ({@code tlscacerts/}). */
  TLS_ROOT_CA("TLS root CA"),
  /** {@code tls_intermediate_certs} ({@code tlsintermediatecerts/}). */
  TLS_INTERMEDIATE_CA("TLS intermediate CA"),
  /**
   * The certificate of an OU identifier or NodeOU identifier that is not one of the MSP's CAs
   * (setup refuses it, CERT-ID-01); shown so that nothing configured goes unlisted.
   */
  OU_CERTIFICATE("OU certificate");

  private final String label;

  CertificateRole(String label) {
    this.label = label;
  }

  /** A short human label, such as {@code intermediate CA}. */
  public String label() {
    return label;
  }
}
