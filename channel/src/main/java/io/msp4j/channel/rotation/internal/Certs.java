package io.msp4j.channel.rotation.internal;

import com.google.protobuf.ByteString;
import java.io.ByteArrayInputStream;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Certificates as the rotation planner handles them: parsed from the PEM or DER bytes an MSP
 * definition holds, compared by DER, linked to their issuer by name and signature, and described
 * by subject, serial and issuer for messages. The planner only decides which entries to move; the
 * verdicts on identities come from the channel's MSPs.
 */
public final class Certs {
  private Certs() {}

  /** The certificate in these bytes, or empty when they hold none. */
  public static Optional<X509Certificate> parse(ByteString pemOrDer) {
    return parse(pemOrDer.toByteArray());
  }

  /** The certificate in these bytes, or empty when they hold none. */
  public static Optional<X509Certificate> parse(byte[] pemOrDer) {
    try {
      return Optional.of((X509Certificate) CertificateFactory.getInstance("X.509")
          .generateCertificate(new ByteArrayInputStream(pemOrDer)));
    } catch (GeneralSecurityException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The CRL in these bytes, or empty when they hold none. */
  public static Optional<X509CRL> crl(ByteString pemOrDer) {
    try {
      return Optional.of((X509CRL) CertificateFactory.getInstance("X.509")
          .generateCRL(new ByteArrayInputStream(pemOrDer.toByteArray())));
    } catch (GeneralSecurityException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Whether the two hold the same certificate (DER equality). */
  public static boolean same(X509Certificate a, X509Certificate b) {
    try {
      return Arrays.equals(a.getEncoded(), b.getEncoded());
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  /** Whether {@code list} holds {@code c} (DER equality). */
  public static boolean contains(Collection<X509Certificate> list, X509Certificate c) {
    return list.stream().anyMatch(x -> same(x, c));
  }

  /** Whether {@code issuer} signed {@code cert}: names equal and the signature verifies. */
  public static boolean issuedBy(X509Certificate cert, X509Certificate issuer) {
    if (!cert.getIssuerX500Principal().equals(issuer.getSubjectX500Principal())) {
      return false;
    }
    try {
      cert.verify(issuer.getPublicKey());
      return true;
    } catch (GeneralSecurityException | RuntimeException e) {
      return false;
    }
  }

  /**
   * The chain of {@code cert} up to one of {@code roots} through {@code intermediates}, the
   * certificate first; empty when it reaches no root. Self-signed roots end the chain.
   */
  public static Optional<List<X509Certificate>> chain(X509Certificate cert,
      List<X509Certificate> roots, List<X509Certificate> intermediates) {
    java.util.ArrayList<X509Certificate> path = new java.util.ArrayList<>();
    path.add(cert);
    X509Certificate at = cert;
    for (int depth = 0; depth <= intermediates.size(); depth++) {
      for (X509Certificate r : roots) {
        if (same(r, at)) {
          return Optional.of(List.copyOf(path));
        }
      }
      for (X509Certificate r : roots) {
        if (issuedBy(at, r)) {
          path.add(r);
          return Optional.of(List.copyOf(path));
        }
      }
      X509Certificate next = null;
      for (X509Certificate i : intermediates) {
        if (!same(i, at) && issuedBy(at, i)) {
          next = i;
          break;
        }
      }
      if (next == null) {
        return Optional.empty();
      }
      path.add(next);
      at = next;
    }
    return Optional.empty();
  }

  /** Whether {@code cert}'s chain through these CAs passes through {@code ca} (or is it). */
  public static boolean under(X509Certificate cert, X509Certificate ca,
      List<X509Certificate> roots, List<X509Certificate> intermediates) {
    return chain(cert, roots, intermediates)
        .map(c -> c.stream().anyMatch(x -> same(x, ca))).orElse(false);
  }

  /** Whether the certificate is a CA (basicConstraints cA = true). */
  public static boolean isCa(X509Certificate c) {
    return c.getBasicConstraints() >= 0;
  }

  /** Whether the certificate is self-signed (issuer = subject and its own key verifies it). */
  public static boolean selfSigned(X509Certificate c) {
    return issuedBy(c, c);
  }

  /** {@code subject "...", serial ..., issuer "..."}, as errors name a certificate. */
  public static String describe(X509Certificate c) {
    return "subject \"" + c.getSubjectX500Principal().getName() + "\", serial "
        + c.getSerialNumber().toString(16) + ", issuer \""
        + c.getIssuerX500Principal().getName() + "\"";
  }

  /** The DNS names and common name of a certificate, lower case: what a host is matched to. */
  public static List<String> hostNames(X509Certificate c) {
    java.util.ArrayList<String> out = new java.util.ArrayList<>();
    try {
      Collection<List<?>> sans = c.getSubjectAlternativeNames();
      if (sans != null) {
        for (List<?> san : sans) {
          if (Integer.valueOf(2).equals(san.get(0))) {
            out.add(String.valueOf(san.get(1)).toLowerCase(java.util.Locale.ROOT));
          }
        }
      }
    } catch (java.security.cert.CertificateParsingException e) {
      // No SANs to offer.
    }
    String dn = c.getSubjectX500Principal().getName();
    for (String part : dn.split(",")) {
      if (part.startsWith("CN=")) {
        out.add(part.substring(3).toLowerCase(java.util.Locale.ROOT));
      }
    }
    return List.copyOf(out);
  }

  /** The PEM text of a certificate, as Fabric's tools write it. */
  public static ByteString pem(X509Certificate c) {
    try {
      String b64 = java.util.Base64.getMimeEncoder(64, new byte[] {'\n'})
          .encodeToString(c.getEncoded());
      return ByteString.copyFromUtf8(
          "-----BEGIN CERTIFICATE-----\n" + b64 + "\n-----END CERTIFICATE-----\n");
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
