package io.msp4j.x509.internal.msp;

import io.msp4j.x509.internal.cert.ParsedCertificate;
import java.io.OutputStream;
import java.security.Provider;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bouncycastle.operator.ContentVerifier;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;

/**
 * Checks a CRL's signature with a CA's public key, as Go's {@code CheckCRLSignature} does: SHA-1
 * is accepted for CRLs, MD5 never; the signature is the one Fabric re-encoded at setup.
 */
final class CrlSignatureVerifier {
  // Created on first use: most MSPs never see a revoked serial, and the provider is costly.
  private volatile Provider provider;

  private Provider provider() {
    Provider p = provider;
    if (p == null) {
      p = new BouncyCastleProvider();
      provider = p;
    }
    return p;
  }

  boolean verifies(RevocationList crl, ParsedCertificate issuer) {
    if (PKCSObjectIdentifiers.md5WithRSAEncryption.equals(crl.signatureAlgorithm().getAlgorithm())) {
      return false;
    }
    try {
      ContentVerifier v =
          new JcaContentVerifierProviderBuilder()
              .setProvider(provider())
              .build(issuer.publicKey())
              .get(crl.signatureAlgorithm());
      try (OutputStream out = v.getOutputStream()) {
        out.write(crl.tbs());
      }
      return v.verify(crl.signature());
    } catch (Exception e) {
      // Wrong key type for the algorithm, unknown algorithm, malformed signature: not signed by
      // this issuer, so the entry is skipped as Fabric does.
      return false;
    }
  }
}
