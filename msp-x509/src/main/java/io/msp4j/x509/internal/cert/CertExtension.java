package io.msp4j.x509.internal.cert;

/** One extension as it appears in the certificate (value = the OCTET STRING content). */
public record CertExtension(String oid, boolean critical, byte[] value) {
  public CertExtension {
    value = value.clone();
  }

  @Override
  public byte[] value() {
    return value.clone();
  }
}
