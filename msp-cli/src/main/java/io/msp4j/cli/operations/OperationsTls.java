package io.msp4j.cli.operations;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/**
 * The operations server's TLS, as Fabric's {@code operations.tls}: its certificate (with any
 * intermediates after it) and key, and optionally the CAs client certificates must chain to and
 * the paths that need one. TLS 1.2 and later. Immutable once built.
 */
public final class OperationsTls {
  private final SSLContext context;
  private final Optional<ClientAuth> clientAuth;

  private OperationsTls(SSLContext context, Optional<ClientAuth> clientAuth) {
    this.context = context;
    this.clientAuth = clientAuth;
  }

  /**
   * TLS from PEM contents.
   *
   * @param certPem the server certificate, then its intermediates
   * @param keyPem its private key (PKCS#8, SEC 1 or PKCS#1)
   * @param clientCaPems the client CAs, each a PEM file's contents; none for no client certificates
   * @param clientAuth the paths that need a client certificate when client CAs are given
   * @throws OperationsStartException when a PEM cannot be used, naming which
   */
  public static OperationsTls of(byte[] certPem, byte[] keyPem, List<byte[]> clientCaPems,
      ClientAuth clientAuth) throws OperationsStartException {
    Objects.requireNonNull(clientAuth, "clientAuth");
    List<X509Certificate> chain = certificates(certPem, "the operations TLS certificate");
    if (chain.isEmpty()) {
      throw new OperationsStartException("the operations TLS certificate file holds no certificate");
    }
    PrivateKey key = key(keyPem);
    if (!matches(key, chain.get(0))) {
      throw new OperationsStartException("the operations TLS key is not the key of the certificate "
          + chain.get(0).getSubjectX500Principal().getName());
    }
    try {
      char[] none = new char[0];
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(null, null);
      ks.setKeyEntry("server", key, none, chain.toArray(Certificate[]::new));
      KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(ks, none);
      TrustManagerFactory tmf = null;
      if (!clientCaPems.isEmpty()) {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        int n = 0;
        for (byte[] pem : clientCaPems) {
          for (X509Certificate ca : certificates(pem, "an operations TLS client CA file")) {
            trust.setCertificateEntry("ca" + n++, ca);
          }
        }
        if (n == 0) {
          throw new OperationsStartException("the operations TLS client CA files hold no certificate");
        }
        tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(kmf.getKeyManagers(), tmf == null ? null : tmf.getTrustManagers(), null);
      return new OperationsTls(context,
          clientCaPems.isEmpty() ? Optional.empty() : Optional.of(clientAuth));
    } catch (GeneralSecurityException | IOException e) {
      throw new OperationsStartException("the operations TLS key does not go with its certificate"
          + " or cannot be used: " + e.getMessage(), e);
    }
  }

  SSLContext context() {
    return context;
  }

  /** The paths that need a client certificate; empty when no client CAs were given. */
  public Optional<ClientAuth> clientAuth() {
    return clientAuth;
  }

  /** Whether {@code key} signs what the certificate's public key verifies. */
  private static boolean matches(PrivateKey key, X509Certificate cert) {
    String algorithm = switch (key.getAlgorithm()) {
      case "EC", "ECDSA" -> "SHA256withECDSA";
      case "RSA" -> "SHA256withRSA";
      default -> key.getAlgorithm(); // Ed25519, Ed448
    };
    try {
      byte[] probe = "msp4j operations key check".getBytes(StandardCharsets.US_ASCII);
      Signature signer = Signature.getInstance(algorithm);
      signer.initSign(key);
      signer.update(probe);
      byte[] sig = signer.sign();
      Signature verifier = Signature.getInstance(algorithm);
      verifier.initVerify(cert.getPublicKey());
      verifier.update(probe);
      return verifier.verify(sig);
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  private static List<X509Certificate> certificates(byte[] pem, String what)
      throws OperationsStartException {
    try {
      List<X509Certificate> out = new ArrayList<>();
      for (Certificate c : CertificateFactory.getInstance("X.509")
          .generateCertificates(new ByteArrayInputStream(pem))) {
        out.add((X509Certificate) c);
      }
      return out;
    } catch (GeneralSecurityException | RuntimeException e) {
      throw new OperationsStartException(what + " is not PEM certificates: " + e.getMessage(), e);
    }
  }

  private static PrivateKey key(byte[] pem) throws OperationsStartException {
    try (PEMParser parser = new PEMParser(new StringReader(new String(pem, StandardCharsets.US_ASCII)))) {
      Object o = parser.readObject();
      JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
      if (o instanceof PEMKeyPair pair) {
        return converter.getPrivateKey(pair.getPrivateKeyInfo());
      }
      if (o instanceof PrivateKeyInfo info) {
        return converter.getPrivateKey(info);
      }
      throw new OperationsStartException("the operations TLS key file holds no unencrypted"
          + " private key (PKCS#8, SEC 1 or PKCS#1 PEM)");
    } catch (IOException | RuntimeException e) {
      throw new OperationsStartException("the operations TLS key file cannot be read as a PEM"
          + " private key: " + e.getMessage(), e);
    }
  }
}
