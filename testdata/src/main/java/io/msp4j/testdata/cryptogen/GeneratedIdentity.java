package io.msp4j.testdata.cryptogen;

import io.msp4j.testdata.IssuedCertificate;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A node or user written by the generator, in its folder {@code <cn>/} with {@code msp/} and
 * {@code tls/}.
 *
 * @param commonName the common name, which also names the folder
 * @param role peer, orderer, client or admin
 * @param dir the identity's folder
 * @param certificate the enrollment certificate (in {@code msp/signcerts}) with its key pair
 * @param tlsCertificate the TLS certificate with its key pair
 * @param revoked whether the organisation's CRL lists the enrollment certificate
 */
public record GeneratedIdentity(String commonName, Role role, Path dir,
    IssuedCertificate certificate, IssuedCertificate tlsCertificate, boolean revoked) {
  public GeneratedIdentity {
    Objects.requireNonNull(commonName, "commonName");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(certificate, "certificate");
    Objects.requireNonNull(tlsCertificate, "tlsCertificate");
  }

  /** The local MSP folder, {@code <dir>/msp}. */
  public Path mspDir() {
    return dir.resolve("msp");
  }

  /** The TLS folder, {@code <dir>/tls}. */
  public Path tlsDir() {
    return dir.resolve("tls");
  }

  /** The enrollment certificate file, {@code msp/signcerts/<cn>-cert.pem}. */
  public Path signCertFile() {
    return mspDir().resolve("signcerts").resolve(commonName + "-cert.pem");
  }

  /** The enrollment private key, {@code msp/keystore/priv_sk} (PKCS#8 PEM). */
  public Path keyFile() {
    return mspDir().resolve("keystore").resolve("priv_sk");
  }

  /** The TLS certificate, {@code tls/server.crt} for nodes, {@code tls/client.crt} for users. */
  public Path tlsCertFile() {
    return tlsDir().resolve(role.tlsPrefix() + ".crt");
  }

  /** The TLS private key, {@code tls/server.key} or {@code tls/client.key}. */
  public Path tlsKeyFile() {
    return tlsDir().resolve(role.tlsPrefix() + ".key");
  }

  /** The TLS root CA certificate, {@code tls/ca.crt}. */
  public Path tlsCaFile() {
    return tlsDir().resolve("ca.crt");
  }
}
