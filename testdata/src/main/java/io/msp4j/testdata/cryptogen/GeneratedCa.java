package io.msp4j.testdata.cryptogen;

import io.msp4j.testdata.IssuedCertificate;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A CA written by the generator.
 *
 * @param commonName the CA's common name, which also names its certificate file
 * @param tls whether this is a TLS CA
 * @param level 0 for the root, 1 for the first intermediate, ...
 * @param certFile the {@code <cn>-cert.pem} file in the CA's folder
 * @param keyFile the CA's {@code priv_sk}
 * @param certificate the certificate with its key pair
 */
public record GeneratedCa(String commonName, boolean tls, int level, Path certFile, Path keyFile,
    IssuedCertificate certificate) {
  public GeneratedCa {
    Objects.requireNonNull(commonName, "commonName");
    Objects.requireNonNull(certFile, "certFile");
    Objects.requireNonNull(keyFile, "keyFile");
    Objects.requireNonNull(certificate, "certificate");
  }

  /** The CA's folder. */
  public Path dir() {
    return certFile.getParent();
  }
}
