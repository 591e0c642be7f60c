package io.msp4j.x509.internal.msp;

import io.msp4j.core.InputLimits;
import io.msp4j.core.Reason;
import io.msp4j.x509.internal.cert.CertificateParseException;
import io.msp4j.x509.internal.cert.ParsedCertificate;
import io.msp4j.x509.internal.pem.GoPem;
import io.msp4j.x509.internal.pem.PemBlock;
import java.util.Optional;

/**
 * "Parse a certificate from bytes" as Fabric does everywhere (SETUP-PARSE-01): the first PEM
 * block, whatever its label and whatever surrounds it, must hold a DER certificate.
 */
final class CertificateLoader {
  private CertificateLoader() {}

  static ParsedCertificate firstPemCertificate(byte[] bytes) throws Failure {
    if (bytes == null || bytes.length == 0) {
      throw new Failure(Reason.CERTIFICATE_UNPARSABLE, "SETUP-PARSE-01", "no certificate bytes");
    }
    Optional<PemBlock> block = GoPem.decode(bytes);
    if (block.isEmpty()) {
      throw new Failure(
          Reason.CERTIFICATE_UNPARSABLE, "SETUP-PARSE-01", "no PEM block found");
    }
    int size = block.get().bytes().length;
    if (size > InputLimits.MAX_CERTIFICATE_BYTES) {
      throw new Failure(Reason.LIMIT_EXCEEDED, "LIMIT-02",
          InputLimits.describe("the certificate's size", size, InputLimits.MAX_CERTIFICATE_BYTES)
              + " bytes; certificates made by Fabric's tools are one or two kilobytes");
    }
    try {
      return ParsedCertificate.parse(block.get().bytes());
    } catch (CertificateParseException e) {
      throw new Failure(
          Reason.CERTIFICATE_UNPARSABLE,
          "SETUP-PARSE-01",
          "PEM block '" + block.get().type() + "' is not an X.509 certificate: " + e.getMessage());
    }
  }
}
