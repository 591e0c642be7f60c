package io.msp4j.network.internal;

import io.msp4j.network.NetworkException;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/** Reads TLS certificates and keys from PEM, with errors that name the file. */
public final class TlsMaterial {
  private TlsMaterial() {}

  /** Every CERTIFICATE block of a PEM; at least one. */
  public static List<X509Certificate> certificates(String origin, byte[] pem) {
    List<X509Certificate> out = new ArrayList<>();
    try (PEMParser p = parser(pem)) {
      Object o;
      while ((o = p.readObject()) != null) {
        if (o instanceof X509CertificateHolder h) {
          out.add(new JcaX509CertificateConverter().getCertificate(h));
        }
      }
    } catch (IOException | GeneralSecurityException | RuntimeException e) {
      throw bad(origin + ": not a readable PEM certificate: " + e.getMessage(), e);
    }
    if (out.isEmpty()) {
      throw bad(origin + ": holds no PEM CERTIFICATE block", null);
    }
    return out;
  }

  /** The one private key of a PEM, as PKCS#8 (PRIVATE KEY) or SEC 1 (EC PRIVATE KEY). */
  public static PrivateKey privateKey(String origin, byte[] pem) {
    try (PEMParser p = parser(pem)) {
      Object o;
      while ((o = p.readObject()) != null) {
        JcaPEMKeyConverter c = new JcaPEMKeyConverter();
        if (o instanceof PrivateKeyInfo info) {
          return c.getPrivateKey(info);
        }
        if (o instanceof PEMKeyPair pair) {
          return c.getKeyPair(pair).getPrivate();
        }
      }
    } catch (IOException | RuntimeException e) {
      throw bad(origin + ": not a readable PEM private key: " + e.getMessage(), e);
    }
    throw bad(origin + ": holds no PEM private key (PRIVATE KEY or EC PRIVATE KEY)", null);
  }

  /** Checks that the key is the certificate's by signing and verifying a probe. */
  public static void checkPair(String certOrigin, X509Certificate cert, String keyOrigin,
      PrivateKey key) {
    String alg = switch (key.getAlgorithm()) {
      case "EC" -> "SHA256withECDSA";
      case "RSA" -> "SHA256withRSA";
      case "Ed25519", "EdDSA" -> "Ed25519";
      default -> throw bad(keyOrigin + ": a " + key.getAlgorithm() + " key cannot be used for TLS", null);
    };
    try {
      byte[] probe = "msp4j client key probe".getBytes(StandardCharsets.US_ASCII);
      Signature s = Signature.getInstance(alg);
      s.initSign(key);
      s.update(probe);
      byte[] sig = s.sign();
      Signature v = Signature.getInstance(alg);
      v.initVerify(cert.getPublicKey());
      v.update(probe);
      if (!v.verify(sig)) {
        throw bad(keyOrigin + " is not the key of " + certOrigin + " ("
            + cert.getSubjectX500Principal().getName() + ")", null);
      }
    } catch (GeneralSecurityException e) {
      throw bad(keyOrigin + " cannot be checked against " + certOrigin + ": " + e.getMessage(), e);
    }
  }

  /** SHA-256 of a certificate's DER. */
  public static byte[] certificateHash(X509Certificate cert) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(cert.getEncoded());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot hash a certificate: " + e.getMessage(), e);
    }
  }

  /** The DER of a certificate. */
  public static byte[] der(X509Certificate cert) {
    try {
      return cert.getEncoded();
    } catch (CertificateEncodingException e) {
      throw new IllegalStateException("cannot encode a certificate: " + e.getMessage(), e);
    }
  }

  private static PEMParser parser(byte[] pem) {
    return new PEMParser(new StringReader(new String(pem, StandardCharsets.UTF_8)));
  }

  private static NetworkException bad(String message, Throwable cause) {
    return new NetworkException(NetworkException.Kind.CONFIGURATION, "", message, cause);
  }
}
