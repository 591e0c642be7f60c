package io.msp4j.x509.internal.msp;

import io.msp4j.core.InputLimits;
import io.msp4j.core.MspSetupException;
import io.msp4j.core.Reason;
import io.msp4j.x509.internal.chain.EcdsaSignatureDer;
import io.msp4j.core.internal.pem.GoPem;
import io.msp4j.core.internal.pem.PemBlock;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import org.bouncycastle.asn1.x9.X9ObjectIdentifiers;

/**
 * Parses a configured CRL as Fabric does (SETUP-CRL-01/02): raw DER, or PEM labelled
 * {@code X509 CRL} only when the bytes begin with its BEGIN line; an ECDSA signature is decoded
 * and re-encoded minimally (high S is kept).
 */
final class CrlLoader {
  private static final byte[] PEM_PREFIX =
      "-----BEGIN X509 CRL".getBytes(StandardCharsets.US_ASCII);
  private static final Set<String> ECDSA_ALGORITHMS =
      Set.of(
          X9ObjectIdentifiers.ecdsa_with_SHA1.getId(),
          X9ObjectIdentifiers.ecdsa_with_SHA256.getId(),
          X9ObjectIdentifiers.ecdsa_with_SHA384.getId(),
          X9ObjectIdentifiers.ecdsa_with_SHA512.getId());

  private CrlLoader() {}

  static RevocationList load(String source, byte[] bytes) {
    byte[] der = derOf(bytes);
    if (der.length > InputLimits.MAX_CRL_BYTES) {
      throw new MspSetupException(Reason.LIMIT_EXCEEDED, "LIMIT-02", source + ": "
          + InputLimits.describe("the CRL's size", der.length, InputLimits.MAX_CRL_BYTES)
          + " bytes (about three million revoked serials)");
    }
    CrlParser.Parsed crl;
    try {
      crl = CrlParser.parse(der);
    } catch (RuntimeException e) {
      throw new MspSetupException(
          Reason.CRL_UNPARSABLE,
          "SETUP-CRL-01",
          source + ": not an X.509 CRL (DER, or PEM starting at the first byte): " + e.getMessage());
    }
    byte[] signature = crl.signature();
    if (ECDSA_ALGORITHMS.contains(crl.signatureOid())) {
      try {
        signature = EcdsaSignatureDer.reencodeMinimal(signature);
      } catch (RuntimeException e) {
        throw new MspSetupException(
            Reason.CRL_SIGNATURE_UNDECODABLE,
            "SETUP-CRL-02",
            source + ": the CRL's ECDSA signature does not decode: " + e.getMessage());
      }
    }
    return RevocationList.of(source, crl, signature);
  }

  /**
   * The bytes Fabric hands to the CRL parser: the body of a PEM {@code X509 CRL} block that starts
   * at the first byte, or the bytes themselves.
   */
  static byte[] derOf(byte[] bytes) {
    if (bytes.length >= PEM_PREFIX.length
        && Arrays.equals(bytes, 0, PEM_PREFIX.length, PEM_PREFIX, 0, PEM_PREFIX.length)) {
      Optional<PemBlock> block = GoPem.decode(bytes);
      if (block.isPresent() && block.get().type().equals("X509 CRL")) {
        return block.get().bytes();
      }
    }
    return bytes;
  }
}
