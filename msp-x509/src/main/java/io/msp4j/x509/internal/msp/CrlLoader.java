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
 * and re-encoded minimally (high S is kept). Canonical DER CRLs take the fast path of {@link
 * CrlScan} (revoked serials read without building Bouncy Castle's object tree); everything else,
 * and every failure, is decided by the full parse of {@link #loadParsingAll}.
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
    byte[] der = der(bytes);
    CrlScan.Scan scan = CrlScan.scan(der);
    if (scan != null) {
      try {
        CertificateList reduced = parse(source, scan.reduced());
        byte[] tbs = RevocationList.tbsWithRevokedList(reduced, scan.revokedList());
        return RevocationList.of(source, reduced, signature(source, reduced), tbs, scan.serials());
      } catch (MspSetupException | RevocationList.MalformedException e) {
        // The full parse below names the problem exactly as for any other CRL.
      }
    }
    return loadParsingAll(source, der);
  }

  /** The reference path: the whole CRL parsed by Bouncy Castle. */
  static RevocationList loadParsingAll(String source, byte[] der) {
    CertificateList crl = parse(source, der);
    byte[] signature = signature(source, crl);
    try {
      return RevocationList.of(source, crl, signature);
    } catch (Exception e) {
      throw new MspSetupException(
          Reason.CRL_UNPARSABLE, "SETUP-CRL-01", source + ": malformed CRL: " + e.getMessage());
    }
  }

  /** The DER bytes: the PEM block's when the bytes start with an X509 CRL BEGIN line. */
  static byte[] der(byte[] bytes) {
    byte[] der = bytes;
    if (bytes.length >= PEM_PREFIX.length
        && Arrays.equals(bytes, 0, PEM_PREFIX.length, PEM_PREFIX, 0, PEM_PREFIX.length)) {
      Optional<PemBlock> block = GoPem.decode(bytes);
      if (block.isPresent() && block.get().type().equals("X509 CRL")) {
        der = block.get().bytes();
      }
    }
    return der;
  }

  private static CertificateList parse(String source, byte[] der) {
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
    return crl;
  }

  private static byte[] signature(String source, CertificateList crl) {
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
    return signature;
  }
}
