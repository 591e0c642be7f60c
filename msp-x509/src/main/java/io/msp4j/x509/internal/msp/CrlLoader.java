package io.msp4j.x509.internal.msp;

import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.x509.internal.chain.EcdsaSignatureDer;
import io.msp4j.x509.internal.pem.GoPem;
import io.msp4j.x509.internal.pem.PemBlock;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.x509.CertificateList;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;

/**
 * Parses a configured CRL as Fabric does (SETUP-CRL-01/02): raw DER, or PEM labelled
 * {@code X509 CRL} only when the bytes begin with its BEGIN line; an ECDSA signature is decoded
 * and re-encoded minimally (high S is kept).
 */
final class CrlLoader {
  private static final byte[] PEM_PREFIX =
      "-----BEGIN X509 CRL".getBytes(StandardCharsets.US_ASCII);
  private static final Set<ASN1ObjectIdentifier> ECDSA_ALGORITHMS =
      Set.of(
          X9ObjectIdentifiers.ecdsa_with_SHA1,
          X9ObjectIdentifiers.ecdsa_with_SHA256,
          X9ObjectIdentifiers.ecdsa_with_SHA384,
          X9ObjectIdentifiers.ecdsa_with_SHA512);

  private CrlLoader() {}

  static RevocationList load(String source, byte[] bytes) {
    byte[] der = bytes;
    if (bytes.length >= PEM_PREFIX.length
        && Arrays.equals(bytes, 0, PEM_PREFIX.length, PEM_PREFIX, 0, PEM_PREFIX.length)) {
      Optional<PemBlock> block = GoPem.decode(bytes);
      if (block.isPresent() && block.get().type().equals("X509 CRL")) {
        der = block.get().bytes();
      }
    }
    CertificateList crl;
    try {
      crl = CertificateList.getInstance(ASN1Primitive.fromByteArray(der));
      // Touch the parts validation needs, so that a malformed CRL fails here, not later.
      crl.getTBSCertList().getRevokedCertificates();
      crl.getTBSCertList().getExtensions();
    } catch (Exception e) {
      throw new MspSetupException(
          Reason.CRL_UNPARSABLE,
          "SETUP-CRL-01",
          source + ": not an X.509 CRL (DER, or PEM starting at the first byte): " + e.getMessage());
    }
    byte[] signature;
    try {
      signature = crl.getSignature().getOctets();
      if (ECDSA_ALGORITHMS.contains(crl.getSignatureAlgorithm().getAlgorithm())) {
        signature = EcdsaSignatureDer.reencodeMinimal(signature);
      }
    } catch (RuntimeException e) {
      throw new MspSetupException(
          Reason.CRL_SIGNATURE_UNDECODABLE,
          "SETUP-CRL-02",
          source + ": the CRL's ECDSA signature does not decode: " + e.getMessage());
    }
    try {
      return RevocationList.of(source, crl, signature);
    } catch (Exception e) {
      throw new MspSetupException(
          Reason.CRL_UNPARSABLE, "SETUP-CRL-01", source + ": malformed CRL: " + e.getMessage());
    }
  }
}
